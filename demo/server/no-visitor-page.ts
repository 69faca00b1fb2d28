/** The page a would-be visitor of the hosted demo sees when no account can be made for them now. */
export function renderNoVisitorPage(message: string, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Try again soon · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
</head>
<body>
  <main class="page">
    <h1>Try again in ${minutes} minute${minutes === 1 ? '' : 's'}</h1>
    <p>${message} Every visitor of this demo gets a sandbox account of their own, so the number of new ones is limited.</p>
  </main>
</body>
</html>`;
}
