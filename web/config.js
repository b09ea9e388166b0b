// Deployment settings of the web client. The local stack serves the page and the API on one
// origin, so the API base is "" (same origin). `make publish-web` writes this file with the
// deployed API's URL (the stack output ApiUrl) before uploading web/ to the bucket.
window.MTAA_CONFIG = { apiBase: "" };
