// The Account page: password, reset email, notification preferences (push permission, opt-in
// turn emails, quiet hours), data export, signing out and deleting the account (type the
// handle to confirm). Each section offers only what the server's API has.

import * as api from "./api.js";
import { busy, confirmDialog, fill, go, h, notify } from "./ui.js";

const has = (method, path) => api.supports(method, path);

function unavailable(what) {
  return h("p", { class: "muted" }, `${what} is not available on this server yet.`);
}

function urlBase64ToUint8Array(text) {
  const padding = "=".repeat((4 - (text.length % 4)) % 4);
  const raw = atob((text + padding).replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
}

/**
 * A form's own error line (an alert next to its fields, kept until the next attempt) and a
 * runner like busy() that fills it: a wrong current password (401 `bad_credentials`) leaves the
 * session as it was, so the error belongs on this page, not on the sign-in screen.
 */
function formErrors(id) {
  const line = h("p", { class: "alert", id, role: "alert", hidden: true });
  return {
    line,
    run(button, fn) {
      line.hidden = true;
      return busy(button, async () => {
        try {
          return await fn();
        } catch (err) {
          line.textContent = err.code === "bad_credentials" ? "That is not your current password." : err.message;
          line.hidden = false;
          throw err;
        }
      });
    },
  };
}

export async function mountAccount(root) {
  const me = api.session.get();
  let info = { handle: me.handle, protected: undefined };
  const [canAccount, canPassword, canEmail, canReset, canPrefs, canPush, canExport, canDelete, canSignOutAll] = await Promise.all([
    has("GET", "/account"), has("PUT", "/account/password"), has("PUT", "/account/email"), has("POST", "/password-resets"),
    has("GET", "/account/notifications"), has("POST", "/push/subscriptions"), has("GET", "/account/export"),
    has("DELETE", "/account"), has("DELETE", "/sessions")]);
  if (canAccount) {
    try { info = await api.account(); } catch (err) { notify(err.message, "error"); }
  }

  async function render() {
    fill(root, h("section", { class: "account stack" },
      h("h1", {}, "Account"),
      h("p", {}, "Signed in as ", h("strong", { "data-testid": "account-handle" }, `@${info.handle}`),
        info.protected === undefined ? "" : info.protected ? " · protected by a password" : " · not protected: anyone can claim this handle"),
      securityCard(), emailCard(), notificationsCard(), exportCard(), sessionsCard(), dangerCard()));
  }

  function securityCard() {
    if (!canPassword) return h("section", { class: "card" }, h("h2", {}, "Security"), unavailable("Setting a password"));
    const current = h("input", { id: "current-password", type: "password", autocomplete: "current-password", required: Boolean(info.protected) });
    const next = h("input", { id: "new-password", type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128, required: true });
    const save = h("button", { type: "submit", class: "primary" }, info.protected ? "Change password" : "Set password");
    const errors = formErrors("security-error");
    const form = h("form", { class: "stack", onsubmit: (e) => {
      e.preventDefault();
      errors.run(save, async () => {
        info = await api.setPassword(next.value, current.value || undefined);
        notify("Password saved. Your other sessions were signed out.");
        render();
      });
    } },
    info.protected ? [h("label", { for: "current-password" }, "Current password"), current] : null,
    h("label", { for: "new-password" }, "New password (8 to 128 characters)"), next, errors.line, save);
    const remove = info.protected ? h("button", { type: "button", onclick: async (e) => {
      const button = e.currentTarget;
      if (!current.value) { notify("Enter your current password to remove it.", "error"); current.focus(); return; }
      if (await confirmDialog({ title: "Remove the password?", body: "Anyone could then claim your handle.", confirmLabel: "Remove password", danger: true })) {
        errors.run(button, async () => { info = await api.removePassword(current.value); notify("Password removed."); render(); });
      }
    } }, "Remove password") : null;
    return h("section", { class: "card stack", "aria-labelledby": "security-title" }, h("h2", { id: "security-title" }, "Security"), form, remove);
  }

  function emailCard() {
    const parts = [h("h2", { id: "email-title" }, "Reset email"),
      h("p", { class: "muted" }, "Used only to send you a password-reset link, and for turn emails only if you opt in below."),
      info.email ? h("p", {}, "Reset links go to ", h("strong", { "data-testid": "account-email" }, info.email), ".") : null];
    if (canEmail && !info.protected && !info.email) {
      // A reset email is only for a protected handle (anyone may claim an unprotected one,
      // and would read it): the server refuses one until a password is set.
      parts.push(h("p", { "data-testid": "email-needs-password" },
        "Set a password above first: a reset email is only for a protected handle."));
    } else if (canEmail) {
      const email = h("input", { id: "email", type: "email", autocomplete: "email", maxlength: 254, value: info.email || "" });
      // A protected account confirms a new address with its password (the server refuses it
      // otherwise); clearing the field removes the email, which needs no password.
      const password = info.protected
        ? h("input", { id: "email-password", type: "password", autocomplete: "current-password", required: Boolean(email.value) }) : null;
      if (password) email.addEventListener("input", () => { password.required = email.value.trim() !== ""; });
      const save = h("button", { type: "submit" }, "Save email");
      const errors = formErrors("email-error");
      const remove = info.email ? h("button", { type: "button", onclick: () => busy(remove, async () => {
        info = await api.removeEmail();
        notify("Email removed. Reset links already sent no longer work.");
        render();
      }) }, "Remove email") : null;
      parts.push(h("form", { class: "stack", onsubmit: (e) => {
        e.preventDefault();
        errors.run(save, async () => {
          info = email.value ? await api.setEmail(email.value, password?.value || undefined) : await api.removeEmail();
          notify(email.value ? "Email saved." : "Email removed.");
          render();
        });
      } }, h("label", { for: "email" }, "Email"), email,
      password ? [h("label", { for: "email-password" }, "Your password (to confirm a new address)"), password] : null,
      errors.line, h("div", { class: "row wrap" }, save, remove)));
    } else {
      parts.push(unavailable("Adding an email"));
    }
    if (canReset) {
      const send = h("button", { type: "button", onclick: () => busy(send, async () => {
        await api.requestPasswordReset(info.handle);
        notify("If this account has an email, a reset link is on its way.");
      }) }, "Send me a password-reset link");
      parts.push(send);
    }
    return h("section", { class: "card stack", "aria-labelledby": "email-title" }, parts);
  }

  function notificationsCard() {
    const parts = [h("h2", { id: "notify-title" }, "Notifications")];
    const pushSupported = "serviceWorker" in navigator && "PushManager" in window && window.isSecureContext;
    const permission = "Notification" in window ? Notification.permission : "unsupported";
    const pushButton = h("button", { type: "button", id: "enable-push", disabled: !pushSupported || !canPush, onclick: () => busy(pushButton, async () => {
      const result = await Notification.requestPermission();
      if (result !== "granted") { notify("Notifications are blocked for this site.", "error"); render(); return; }
      const reg = await navigator.serviceWorker.ready;
      const { public_key: key } = await api.pushKey();
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(key) });
      await api.subscribePush(sub.toJSON());
      notify("Push notifications are on for this device.");
      render();
    }) }, "Turn on push for this device");
    parts.push(h("p", {}, `Push on this device: ${permission === "granted" ? "allowed" : permission === "denied" ? "blocked in the browser" : pushSupported ? "not yet allowed" : "not supported here"}.`),
      canPush ? pushButton : unavailable("Web Push"));
    if (canPrefs) {
      const box = h("div", { class: "stack" }, h("p", { class: "muted" }, "Loading…"));
      parts.push(box);
      api.notificationSettings().then((prefs) => {
        // Turn emails go only to the reset email: without one the switch is off and says why.
        const noEmail = prefs.email_on_file === false && !prefs.turn_emails;
        const emails = h("input", { type: "checkbox", id: "turn-emails", checked: Boolean(prefs.turn_emails), disabled: noEmail,
          "aria-describedby": noEmail ? "turn-emails-help" : null });
        const from = h("input", { type: "time", id: "quiet-from", value: prefs.quiet_hours?.start || "" });
        const to = h("input", { type: "time", id: "quiet-to", value: prefs.quiet_hours?.end || "" });
        const save = h("button", { type: "submit" }, "Save preferences");
        fill(box, h("form", { class: "stack", onsubmit: (e) => {
          e.preventDefault();
          busy(save, async () => {
            const quiet = from.value && to.value ? { start: from.value, end: to.value, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } : null;
            await api.saveNotificationSettings({ turn_emails: emails.checked, quiet_hours: quiet });
            notify("Notification preferences saved.");
          });
        } },
        h("label", { class: "switch" }, emails, "Email me when it is my turn (off unless you choose it)"),
        noEmail ? h("p", { class: "muted", id: "turn-emails-help", "data-testid": "turn-emails-help" },
          "Add a reset email above first: turn emails go only to your account's reset email.") : null,
        h("fieldset", {}, h("legend", {}, "Quiet hours (no notifications)"),
          h("label", { for: "quiet-from" }, "From"), from, h("label", { for: "quiet-to" }, "To"), to),
        save));
      }).catch((err) => fill(box, h("p", { class: "alert" }, err.message)));
    } else {
      parts.push(unavailable("Turn emails and quiet hours"));
    }
    return h("section", { class: "card stack", "aria-labelledby": "notify-title" }, parts);
  }

  function exportCard() {
    const button = h("button", { type: "button", disabled: !canExport, onclick: () => busy(button, async () => {
      const data = await api.exportAccount();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `mtaa-${info.handle}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    }) }, "Download my data");
    return h("section", { class: "card stack", "aria-labelledby": "export-title" }, h("h2", { id: "export-title" }, "Your data"),
      canExport ? button : unavailable("Data export"));
  }

  function sessionsCard() {
    return h("section", { class: "card row wrap", "aria-label": "Sessions" },
      h("button", { type: "button", onclick: async () => { await api.signOut(false); go("/signin"); } }, "Sign out"),
      canSignOutAll ? h("button", { type: "button", onclick: async () => { await api.signOut(true); go("/signin"); } }, "Sign out everywhere") : null);
  }

  function dangerCard() {
    const button = h("button", { type: "button", class: "danger", id: "delete-account", disabled: !canDelete, onclick: async () => {
      const ok = await confirmDialog({
        title: "Delete your account?", danger: true, confirmLabel: "Delete my account forever", requireText: info.handle,
        body: "This erases your email, password, saved games, chat messages, presence, invitations and every session at once. Your handle is replaced with a random name in every game. It cannot be undone.",
      });
      if (!ok) return;
      busy(button, async () => {
        await api.deleteAccount(info.handle);
        api.session.clear();
        notify("Your account was deleted.");
        go("/signin");
      });
    } }, "Delete account");
    return h("section", { class: "card danger-zone stack", "aria-labelledby": "danger-title" },
      h("h2", { id: "danger-title" }, "Danger zone"),
      h("p", {}, "Deleting your account is permanent. If you only want to step away, remove the password and email instead."),
      canDelete ? button : unavailable("Deleting an account"));
  }

  await render();
  return null;
}
