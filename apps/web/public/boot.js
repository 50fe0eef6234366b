/* global window, document, location, requestAnimationFrame */
// Runs in <head> before the first paint (a same-origin file: the Content-Security-Policy allows no
// inline script). See docs/decisions/0090.
// 1. A stored session (sessionStorage `token`, as src/lib/session.ts reads it) marks <html>, so the
//    page shows the splash instead of the pre-rendered login page.
// 2. On a page inside the signed-in shell it asks for the shell's scripts and styles at once, in
//    parallel with the entry script, instead of after it (the build lists them in <template>s).
// 3. It starts the app's entry script (fetched from the start through <link rel="modulepreload"
//    data-entry>) only after the first paint, so the page in the HTML is on screen before the
//    browser spends time running the app, even when the script comes from the cache.
(function () {
  var token = null;
  try {
    token = window.sessionStorage.getItem('token');
  } catch {
    // Storage blocked: no session, as the app itself concludes.
  }

  function startApp() {
    var entry = document.querySelector('link[data-entry]');
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    document.head.appendChild(script);
  }

  // The longest the app waits for the browser to report the first paint (none comes if nothing is drawn).
  var PAINT_WAIT_MS = 300;

  function reportsLargestPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    return !!types && types.indexOf('largest-contentful-paint') >= 0;
  }

  function startAfterFirstPaint() {
    var started = false;
    function startOnce() {
      if (started) return;
      started = true;
      startApp();
    }
    // A hidden tab paints nothing, so it does not wait for a paint.
    if (document.visibilityState === 'hidden') return startOnce();
    if (reportsLargestPaint()) {
      // Wait until the browser has put the page on screen and recorded it: replacing the nodes before
      // that (React swaps in its identical copy) would record the paint only at the copy's time.
      // The report arrives in a task of its own after that paint; no timer is needed (nor wanted: a
      // paused clock, as tests use, would stop the app from ever starting).
      new PerformanceObserver(function (list, observer) {
        observer.disconnect();
        startOnce();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(startOnce, PAINT_WAIT_MS);
      return;
    }
    // Elsewhere: requestAnimationFrame runs just before a paint, the timeout after it.
    requestAnimationFrame(function () {
      setTimeout(startOnce, 0);
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startAfterFirstPaint);
  } else {
    startAfterFirstPaint();
  }

  if (!token) return;
  document.documentElement.setAttribute('data-session', '');
  var path = location.hash.slice(1).split('?')[0].replace(/\/+$/, '').toLowerCase();
  if (path === '' || path === '/login') return;
  var templates = document.querySelectorAll('template[data-preload]');
  for (var i = 0; i < templates.length; i += 1) {
    var name = templates[i].getAttribute('data-preload');
    if (name === 'shell' || name === path) {
      document.head.appendChild(templates[i].content.cloneNode(true));
    }
  }
})();
