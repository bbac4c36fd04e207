import type { NoScriptsHandle } from "~/root";

/**
 * The sign-in pages are the first a new customer opens, often on a slow phone: they are plain
 * HTML forms that the server validates (they work with JavaScript off), so they ship no bundle,
 * only this script (ADR 0046). It does what React did there:
 * - a form sent once is not sent again by a second tap; the button says it is working
 *   (`data-pending`, the SubmitButton's pending text);
 * - the OTP page's resend wait (`data-countdown` = the button's id, `data-seconds`) ticks down,
 *   the button waiting until it is over; `data-one` / `data-other` are its wording in the page's
 *   language, `{seconds}` the figure (ADR 0066).
 * A page restored from the back/forward cache is reloaded, so no form stays marked as sent.
 * It also registers the installable panel's service worker (ADR 0063: here, not in the panel's
 * bundle, whose first-load JavaScript must not grow; everyone signs in on a new phone).
 */
export const SIGN_IN_SCRIPT = `(function(){var d=document;
d.addEventListener("submit",function(e){var f=e.target,b=e.submitter;if(f.dataset.sent){e.preventDefault();return}f.dataset.sent="1";
if(b&&b.dataset.pending)setTimeout(function(){b.textContent=b.dataset.pending;b.setAttribute("aria-busy","true")})});
addEventListener("pageshow",function(e){if(e.persisted)location.reload()});
var w=navigator.serviceWorker;if(w)w.register("/sw.js").catch(function(){});
var p=d.querySelector("[data-countdown]"),b=p&&d.getElementById(p.dataset.countdown);if(!b)return;
var end=Date.now()+1e3*p.dataset.seconds;b.disabled=true;
var t=setInterval(function(){var n=Math.ceil((end-Date.now())/1e3);
if(n>0)p.textContent=(n==1?p.dataset.one:p.dataset.other).replace("{seconds}",n);else{clearInterval(t);p.hidden=true;b.disabled=false}},250)})()`;

/** The `handle` of every sign-in page: no bundle, the script above. */
export const signInPageHandle: NoScriptsHandle = { noScripts: true, script: SIGN_IN_SCRIPT };
