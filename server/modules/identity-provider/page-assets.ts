// Static assets of the built-in provider's pages. Kept as strings so they ship with the compiled
// server (tsc copies no .css files) and are served from our own origin: the CSP allows no inline
// <style> or <script>, so styles and the one script must be files.

/** The stylesheet of the sign-in, sign-up and sign-out pages: the site's colours, type and cards. */
export const PAGES_CSS = `
@font-face{font-family:Bangers;font-style:normal;font-weight:400;font-display:swap;
  src:url(/fonts/bangers-latin-400-normal.woff2) format('woff2')}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f8fafc;color:#0f172a;
  font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
  -webkit-font-smoothing:antialiased;line-height:1.5}
a{color:#b91c1c;text-underline-offset:4px}
a:hover{color:#991b1b}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.site-header{background:#fff;border-bottom:4px solid #020617}
.site-header .inner{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center}
.brand{display:inline-flex;align-items:center;gap:.625rem;text-decoration:none;color:#020617;border-radius:.5rem}
.brand-mark{display:grid;place-items:center;width:2.5rem;height:2.5rem;transform:rotate(-3deg);border:2px solid #020617;
  border-radius:.5rem;background:#fbbf24;box-shadow:3px 3px 0 0 #0f172a;font-weight:900;color:#dc2626}
.brand-name{font-family:Bangers,Impact,Haettenschweiler,'Arial Narrow Bold','Franklin Gothic Bold',ui-sans-serif,system-ui,sans-serif;
  font-size:1.5rem;letter-spacing:.025em;text-transform:uppercase}
main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:2.5rem 1rem 4rem}
.card{width:100%;max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;
  box-shadow:0 10px 25px -10px rgb(15 23 42 / .15);padding:2rem 1.5rem}
@media (min-width:640px){.card{padding:2.25rem 2.5rem}}
h1{font-family:Bangers,Impact,Haettenschweiler,'Arial Narrow Bold','Franklin Gothic Bold',ui-sans-serif,system-ui,sans-serif;
  font-weight:400;font-size:2rem;letter-spacing:.02em;text-transform:uppercase;margin:0 0 .25rem}
.lead{margin:0 0 1.5rem;color:#475569}
form{margin:0}
.field{margin-bottom:1rem}
.row{display:grid;gap:0 1rem}
@media (min-width:480px){.row{grid-template-columns:1fr 1fr}}
label{display:block;font-size:.875rem;font-weight:600;margin-bottom:.375rem}
.optional{font-weight:400;color:#64748b}
input[type=email],input[type=password],input[type=text]{width:100%;height:2.75rem;padding:0 .875rem;font:inherit;
  color:inherit;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}
input:focus-visible{outline:3px solid #2563eb;outline-offset:1px;border-color:#2563eb}
input[aria-invalid=true]{border-color:#b91c1c}
.hint{margin:.375rem 0 0;font-size:.8125rem;color:#64748b}
.field-error{margin:.375rem 0 0;font-size:.8125rem;color:#b91c1c;font-weight:600}
.alert{margin:0 0 1.25rem;padding:.75rem 1rem;border-radius:.5rem;border:1px solid #fecaca;background:#fef2f2;color:#991b1b;
  font-size:.9375rem}
.button{display:inline-flex;width:100%;align-items:center;justify-content:center;height:2.75rem;padding:0 1.25rem;
  border:0;border-radius:.5rem;background:#dc2626;color:#fff;font:inherit;font-weight:600;cursor:pointer;
  text-decoration:none;box-shadow:0 1px 2px rgb(0 0 0 / .1)}
.button:hover{background:#b91c1c;color:#fff}
.button.secondary{background:#fff;color:#0f172a;border:2px solid #cbd5e1;box-shadow:none}
.button.secondary:hover{border-color:#0f172a;background:#f8fafc}
.actions{display:grid;gap:.75rem;margin-top:1.5rem}
.switch{margin:1.5rem 0 0;text-align:center;color:#475569;font-size:.9375rem}
.cancel{margin:.75rem 0 0;text-align:center;font-size:.875rem}
.cancel a{color:#475569}
.site-footer{padding:1.5rem 1rem;text-align:center;font-size:.8125rem;color:#64748b}
`;

/**
 * Submits the sign-out confirmation form as soon as the page loads, so signing out is one click in
 * the app. Without JavaScript the page still shows its button.
 */
export const AUTO_SUBMIT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-auto-submit]');if(f)f.submit();});`;
