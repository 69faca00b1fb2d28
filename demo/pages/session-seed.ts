/**
 * The `session` page's seed: hands the session its server rendered into the page (a JSON block, no
 * inline script under the CSP) to the widget as its `session` property. It runs before the widget's
 * script, so the element, upgraded later, draws the order in its first render with no request.
 */
const data = document.getElementById('onramp-session')?.textContent;
const element = document.querySelector('onramp-checkout');
if (data && element) element.session = JSON.parse(data) as unknown;
