import { createHash } from 'node:crypto';

/**
 * Every tap counts (docs/design.md §12, ADR 0020): a server-rendered page shows its buttons, selects and
 * search box before the app's code has run. This script, inlined at the top of every page (allowed
 * by its hash in the CSP, no 'unsafe-inline'), holds what the user does until the app says it is
 * ready (`data-app-ready` on <html>, set when the page has committed: app/router.tsx) and then hands it over:
 * a tap on a button or a `[data-tap]` element is held (the control is marked `data-tap-pending`,
 * which the stylesheet shows as busy) and replayed as a click, in order, once the app is ready (a
 * second tap on the same control in a row is the same tap; a toggle tapped while showing one state
 * and showing the other once the app has read the browser's own lists, e.g. Watch, already is as
 * the user wanted, so that tap is not replayed). Links and form submissions are left to
 * the browser: they work without the app. Text typed and options chosen stay in the DOM (React
 * keeps them when it hydrates) and the page adopts them when it attaches (inventory-toolbar.tsx).
 * A control that had the focus when it was pressed (a key press, or a tap that focused it) has it
 * again when its press is replayed, even if hydration replaced the element: what the app does
 * with the focus after the press (e.g. 'Show more' moving it to the first new card) then happens.
 * Written as plain ES5 in a string: it runs before any bundle, exactly as written (its hash).
 */
export const TAP_CAPTURE_SCRIPT = `(function(){
var html=document.documentElement,held=[];
function pathOf(el){var p=[];for(;el&&el.parentElement;el=el.parentElement){var i=1,s=el;while((s=s.previousElementSibling))i++;p.unshift(el.tagName+':nth-child('+i+')');if(el.id){p[0]='#'+CSS.escape(el.id);break}}return p.join('>')}
function onClick(event){var el=event.target&&event.target.closest?event.target.closest('button,[data-tap]'):null;
if(!el||!el.closest('#root')||el.disabled||event.button!==0||event.ctrlKey||event.metaKey||event.shiftKey||event.altKey)return;
event.preventDefault();event.stopImmediatePropagation();var last=held[held.length-1];if(last&&last.el===el)return;
el.setAttribute('data-tap-pending','');held.push({el:el,path:pathOf(el),pressed:el.getAttribute('aria-pressed'),focused:document.activeElement===el})}
function replay(){if(!observer)return;observer.disconnect();observer=null;window.removeEventListener('click',onClick,true);
held.splice(0).forEach(function(h){h.el.removeAttribute('data-tap-pending');var el=h.el.isConnected?h.el:document.querySelector(h.path);if(el&&(h.pressed===null||el.getAttribute('aria-pressed')===h.pressed)){if(h.focused&&document.activeElement!==el)el.focus({preventScroll:true});el.click()}})}
var observer=new MutationObserver(function(){if(html.getAttribute('data-app-ready')==='true')setTimeout(replay,0)});
observer.observe(html,{attributes:true,attributeFilter:['data-app-ready']});
window.addEventListener('click',onClick,true);
})();`;

/** The script's CSP source: the page's policy allows exactly this inline script. */
export const TAP_CAPTURE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(TAP_CAPTURE_SCRIPT).digest('base64')}'`;

export const TAP_CAPTURE_TAG = `<script>${TAP_CAPTURE_SCRIPT}</script>`;
