/* global window, document, location, requestAnimationFrame */
// Runs in <head> before the first paint (a same-origin file: the Content-Security-Policy allows no
// inline script). See docs/decisions/0090 and 0185.
// 1. A stored session (sessionStorage `token`, as src/lib/session.ts reads it) on any page but the
//    login page marks <html> with `data-shell`, so the HTML paints the signed-in shell instead of the
//    login page (index.html holds both, rendered by React at build time).
// 2. Only once that page is on screen does it ask for the app's scripts (the build lists them in
//    <template>s: the entry and its imports, and on a shell page the shell's and the page's chunks
//    and styles) and start the entry. Nothing the app needs can hold back the first paint, and the
//    browser spends no time running the app before it, even when the script comes from the cache.
(function () {
  var token = null;
  try {
    token = window.sessionStorage.getItem('token');
  } catch {
    // Storage blocked: no session, as the app itself concludes.
  }
  var path = location.hash.slice(1).split('?')[0].replace(/\/+$/, '').toLowerCase();
  // With a session `/` leads to the login page too (src/lib/access.ts); every other path to the shell.
  var shell = !!token && path !== '' && path !== '/login';
  if (shell) document.documentElement.setAttribute('data-shell', '');

  function copyTemplate(name) {
    var template = document.querySelector('template[data-preload="' + name + '"]');
    if (template) document.head.appendChild(template.content.cloneNode(true));
  }

  function startEntry() {
    copyTemplate('entry');
    var entry = document.querySelector('head > link[data-entry]');
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    document.head.appendChild(script);
  }

  // Runs the steps one task each: starting a dozen fetches at once holds a slow phone's main thread
  // for long. A message, not a timer, moves to the next step, so a paused clock cannot stop it.
  function oneTaskEach(steps) {
    var channel = new MessageChannel();
    var next = 0;
    channel.port1.onmessage = function () {
      steps[next]();
      next += 1;
      if (next < steps.length) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  }

  function startApp() {
    if (!shell) return startEntry();
    oneTaskEach([
      startEntry,
      function () {
        copyTemplate('shell');
      },
      function () {
        copyTemplate(path);
      },
    ]);
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
      // The report arrives in a task of its own after that paint; the timer only covers a page that
      // paints nothing (and a paused clock, as tests use, then still gets the report).
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
})();
