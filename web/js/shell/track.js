// What screens of games played on a square track share: the grid cell and edge of each
// space (the first space in the bottom-right corner, then clockwise), short seat labels for
// tokens and owner chips, amounts written short for space faces, and the board's scroll frame
// (ending above the pinned action bar, scrolled to keep a space in sight).

/**
 * Grid cell (1-based row, column) of space `index` on a track of `size` spaces: space 0 in
 * the bottom-right corner, then clockwise along the bottom, up the left, across the top and
 * down the right side (13 x 13 for 48 tiles, 11 x 11 for 40).
 */
export function cell(index, size = 48) {
  const side = size / 4;
  const n = side + 1;
  if (index <= side) return { row: n, col: n - index };
  if (index <= 2 * side) return { row: n - (index - side), col: 1 };
  if (index <= 3 * side) return { row: 1, col: 1 + (index - 2 * side) };
  return { row: 1 + (index - 3 * side), col: n };
}

/** Which edge a space sits on ("bottom", "left", "top", "right" or "corner"). */
export function edge(index, size = 48) {
  const side = size / 4;
  if (index % side === 0) return "corner";
  return ["bottom", "left", "top", "right"][Math.floor(index / side)];
}

/**
 * A short, distinct label per seat for tokens and owner chips: the first letter, a bot's
 * number after it ("Advanced bot 2" -> "A2"), two letters where two names share the first.
 */
export function seatInitials(view) {
  const names = view.seats.map((s) => s.name || "?");
  const first = names.map((n) => {
    const digits = n.match(/\s(\d+)$/);
    return `${n.charAt(0).toUpperCase()}${digits ? digits[1] : ""}`;
  });
  const two = names.map((n) => n.slice(0, 2).replace(/^./, (x) => x.toUpperCase()));
  return first.map((label, i) => {
    if (first.filter((x) => x === label).length === 1) return label;
    if (two.filter((x) => x === two[i]).length === 1) return two[i];
    return `${label}${i + 1}`;
  });
}

/** 320000 -> "320k", 1250000 -> "1.25M" (space faces; cards show full amounts). */
export function compact(amount) {
  const n = Number(amount) || 0;
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(2))}M`;
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}k`;
  return String(n);
}

/** A board's scroll frame (`frame`) ends above the pinned action `bar` on desktops and phones
 * held upright, so the board scrolls in it and the page need not; phones held sideways keep it
 * at full height (their board fills the left of the screen). Where the board is larger than
 * its frame, the frame shows whole spaces only, so no name is cut at its edge: the spaces are
 * sized so a whole number of them fill the frame's width (its height, held sideways), the
 * other side of the frame is cut to whole spaces, and its scroll snaps to a space's edge
 * (css: .board-wrap). Call on every redraw and resize. */
const LANDSCAPE = window.matchMedia("(orientation: landscape) and (max-height: 560px)");
export function fitFrame(frame, bar) {
  // Measuring the board at its natural size (and the frame unbounded) clamps the frame's scroll
  // to that smaller box: the scroll is read first and put back at the end, so a space scrolled
  // into sight (Follow turn, at a phone's size) stays there.
  const scroll = { left: frame.scrollLeft, top: frame.scrollTop };
  const sideways = LANDSCAPE.matches;
  let size;
  if (sideways) size = window.innerHeight;
  else {
    const top = frame.getBoundingClientRect().top + window.scrollY;
    size = Math.max(240, window.innerHeight - top - bar.offsetHeight - 12);
  }
  frame.style.setProperty("--frame", `${size}px`);  // an overview fits the frame
  frame.style.maxWidth = "";
  const board = frame.querySelector(".board");
  if (board && !board.classList.contains("overview")) {
    board.style.removeProperty("--tile");
    const cs = getComputedStyle(board);
    const tracks = cs.gridTemplateColumns.split(" ");
    const gap = parseFloat(cs.columnGap) || 0;
    const pad = parseFloat(cs.paddingLeft) || 0;
    const natural = parseFloat(tracks[0]) + gap;
    const width = frame.clientWidth;
    const whole = (room, pitch) => Math.max(pitch, Math.floor(room / pitch) * pitch);
    let pitch = natural;
    if (natural > 0 && (board.offsetWidth > width + 1 || (sideways && board.offsetHeight > size + 1))) {
      // The board is n spaces of `pitch`: width = n * tile, cells = (width - 2 pad - (n-1) gap) / n.
      const side = sideways ? size : width;
      pitch = side / Math.max(1, Math.floor(side / natural));
      board.style.setProperty("--tile", `${pitch + (2 * pad - gap) / tracks.length}px`);
      if (sideways && board.offsetWidth > width + 1) frame.style.maxWidth = `${whole(width, pitch)}px`;
    }
    if (!sideways && natural > 0 && board.offsetHeight > size + 1) size = whole(size, pitch);
  }
  frame.style.maxHeight = sideways && !board ? "" : `${size}px`;
  if (frame.scrollLeft !== scroll.left || frame.scrollTop !== scroll.top) {
    frame.scrollLeft = scroll.left;
    frame.scrollTop = scroll.top;
  }
}

/** Keep `el` (a space of the board) in sight inside `frame`'s own scroll area, never the page's. */
export function scrollIntoFrame(frame, el) {
  if (!el) return;
  const box = el.getBoundingClientRect();
  const wrap = frame.getBoundingClientRect();
  if (box.left < wrap.left || box.right > wrap.right) frame.scrollLeft += box.left - wrap.left - (wrap.width - box.width) / 2;
  if (box.top < wrap.top || box.bottom > wrap.bottom) frame.scrollTop += box.top - wrap.top - (wrap.height - box.height) / 2;
}
