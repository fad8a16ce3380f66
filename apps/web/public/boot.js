/* global document, requestAnimationFrame */
// Issue 17: starts the app's entry (preloaded by the page, data-entry) after the first frame, so
// the page's skeleton or prerendered content always paints before the app's code is compiled and
// run. A deferred script runs before the first paint when it arrives as fast as the stylesheet.
// The fallback timer starts it in a tab that is hidden, where frames never come.
const entry = document.querySelector('link[data-entry]');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry.href);
};
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 500);
