// Hosted checkout behaviour. The page works without this file; it adds input formatting, a
// pending state on submit, live status updates while processing, and postMessage hints to the
// embedding merchant page (iframe parent or popup opener) at an explicit, server-approved origin.
(function () {
  'use strict';
  var body = document.body;
  var sessionId = body.getAttribute('data-session-id');
  var status = body.getAttribute('data-status');
  var statusUrl = body.getAttribute('data-status-url');
  var embedOrigin = body.getAttribute('data-embed-origin');
  var target = window.parent !== window ? window.parent : window.opener;

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
      var groups = digits(number.value).slice(0, 19).match(/.{1,4}/g);
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
          window.location.reload();
        }
      })
      .catch(function () {
        inFlight = false;
      });
  }
  window.setInterval(poll, interval);
})();
