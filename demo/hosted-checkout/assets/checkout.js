// Hosted checkout behaviour. The page works without this file; it adds input formatting, a
// pending state on submit, live status updates while processing, postMessage hints to the
// embedding merchant page (iframe parent or popup opener) at an explicit, server-approved origin,
// and the way back: once the session is processing or final, a page of its own returns the buyer
// to the merchant (a popup closes) after an announced delay, unless they choose to stay.
(function () {
  'use strict';
  var body = document.body;
  var sessionId = body.getAttribute('data-session-id');
  var status = body.getAttribute('data-status');
  var statusUrl = body.getAttribute('data-status-url');
  var embedOrigin = body.getAttribute('data-embed-origin');
  var framed = window.parent !== window;
  var target = framed ? window.parent : window.opener;
  // A popup (or tab) the widget opened beside the merchant's page, which is still there.
  var beside = !framed && !!window.opener && !!embedOrigin;
  // Framed without the browser saying so (no Sec-Fetch-Dest): nothing may lead out of the frame.
  if (framed && body.getAttribute('data-surface') !== 'frame') {
    var away = document.querySelectorAll('[data-way-back], .back');
    for (var i = 0; i < away.length; i++) away[i].remove();
  }

  function post(type, extra) {
    if (!target || !embedOrigin || !sessionId) return;
    var message = { source: 'onramp-hosted-checkout', type: type, session_id: sessionId };
    if (extra) for (var k in extra) message[k] = extra[k];
    try {
      target.postMessage(message, embedOrigin);
    } catch (e) {
      /* the opener navigated away */
    }
  }

  // Hints: ready on load, resize whenever the document height changes.
  post('ready');
  var lastHeight = -1;
  function reportSize() {
    var height = Math.min(10000, Math.ceil(body.getBoundingClientRect().height));
    if (height !== lastHeight) {
      lastHeight = height;
      post('resize', { height: height });
    }
  }
  reportSize();
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportSize).observe(body);

  // Input formatting: card number in groups of four, MM/YY, digits-only CVC.
  function digits(value) {
    return value.replace(/\D/g, '');
  }
  var number = document.getElementById('card_number');
  if (number) {
    number.addEventListener('input', function () {
      var groups = digits(number.value)
        .slice(0, 19)
        .match(/.{1,4}/g);
      number.value = groups ? groups.join(' ') : '';
    });
  }
  var expiry = document.getElementById('card_expiry');
  if (expiry) {
    expiry.addEventListener('input', function (event) {
      var d = digits(expiry.value).slice(0, 4);
      var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
      expiry.value = d.length > 2 || (d.length === 2 && !deleting) ? d.slice(0, 2) + '/' + d.slice(2) : d;
    });
  }
  var cvc = document.getElementById('card_cvc');
  if (cvc) {
    cvc.addEventListener('input', function () {
      cvc.value = digits(cvc.value).slice(0, 4);
    });
  }
  var alertBox = document.getElementById('form-alert');
  var firstInvalid = document.querySelector('[aria-invalid="true"]');
  if (firstInvalid) firstInvalid.focus();
  else if (alertBox) alertBox.focus();

  // Submit: say so to the merchant, then let the form POST navigate.
  var form = document.querySelector('[data-pay-form]');
  if (form) {
    form.addEventListener('submit', function () {
      post('submitted');
      var button = form.querySelector('[data-pay-button]');
      if (button) {
        button.setAttribute('disabled', '');
        button.textContent = 'Processing…';
      }
    });
  }

  // The way back. "Stay on this page" is remembered for this session in this tab, so a reload or a
  // later status change does not start the countdown again.
  var wayBack = framed ? null : document.querySelector('[data-way-back]');
  var returning = false;
  if (wayBack) startWayBack(wayBack);

  function startWayBack(panel) {
    var note = panel.querySelector('[data-way-back-note]');
    var returnNow = panel.querySelector('[data-return-now]');
    var stay = panel.querySelector('[data-stay]');
    var host = panel.getAttribute('data-return-host');
    var seconds = Number(panel.getAttribute('data-return-after')) || 5;
    var stayKey = 'onramp-stay:' + sessionId;
    var stayed = false;
    try {
      stayed = window.sessionStorage.getItem(stayKey) === '1';
    } catch (e) {
      /* storage blocked: no memory of the choice */
    }
    if (beside && returnNow) {
      // The merchant's page is in the window that opened this one: close, never navigate here.
      returnNow.textContent = 'Close this window';
      returnNow.addEventListener('click', function (event) {
        event.preventDefault();
        closeWindow();
      });
      if (stay) stay.textContent = 'Keep this window open';
    }
    if (stayed || !note || !returnNow) return;
    returning = true;
    var what = beside ? 'This window closes' : 'Returning you to ' + host;
    note.textContent = what + ' in ' + seconds + ' seconds.';
    if (stay) stay.hidden = false;
    var left = seconds;
    var tick = window.setInterval(function () {
      left -= 1;
      if (left > 0) return;
      window.clearInterval(tick);
      if (beside) closeWindow();
      else window.location.replace(returnNow.href);
    }, 1000);
    if (stay) {
      stay.addEventListener('click', function () {
        window.clearInterval(tick);
        returning = false;
        try {
          window.sessionStorage.setItem(stayKey, '1');
        } catch (e) {
          /* storage blocked */
        }
        note.textContent = beside
          ? 'This window stays open.'
          : 'You are staying on this page. Use “Return now” when you are ready.';
        stay.remove();
        returnNow.focus();
      });
    }
    function closeWindow() {
      post('submitted');
      window.close();
      // A tab the buyer opened themselves cannot be closed by a script: say so.
      window.setTimeout(function () {
        if (!window.closed && note)
          note.textContent = 'You can close this window now: the merchant’s page shows your order.';
      }, 300);
    }
  }

  // Status: poll once a second while processing (every 5 s while pending, to notice expiry);
  // on a change tell the merchant and re-render from the server.
  if (!statusUrl || (status !== 'processing' && status !== 'pending')) return;
  var interval = status === 'processing' ? 1000 : 5000;
  var inFlight = false;
  function poll() {
    if (inFlight || document.hidden) return;
    inFlight = true;
    fetch(statusUrl, { headers: { Accept: 'application/json' }, cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        inFlight = false;
        if (data && data.status && data.status !== status) {
          post('submitted');
          // On the way back already: the merchant's page follows the session from here.
          if (!returning) window.location.reload();
        }
      })
      .catch(function () {
        inFlight = false;
      });
  }
  window.setInterval(poll, interval);
})();
