// The console's sender (console-frame.html beside the page, see frame.ts): its first act is to add
// the policy `connect-src <origin>` for the origin in its address, so it can reach the chosen server
// and nothing else; then it sends what the page posts and posts the answer back.
(() => {
  const say = (message) => parent.postMessage(message, location.origin);
  let origin;
  try {
    const url = new URL(decodeURIComponent(location.hash.slice(1)));
    if (!/^https?:$/.test(url.protocol) || url.origin !== decodeURIComponent(location.hash.slice(1))) throw new Error();
    origin = url.origin;
  } catch {
    return say({ type: 'ready', error: `not a server origin: ${location.hash.slice(1)}` });
  }
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = `connect-src ${origin}`;
  document.head.append(policy);
  addEventListener('securitypolicyviolation', (event) =>
    say({ type: 'blocked', blockedURI: event.blockedURI, directive: event.effectiveDirective }),
  );
  addEventListener('message', async (event) => {
    if (event.source !== parent || event.origin !== location.origin) return;
    const { id, method, url, headers, body, parts } = event.data;
    let sent = body ?? undefined;
    if (parts) {
      sent = new FormData();
      for (const [name, value] of parts) sent.append(name, value);
    }
    try {
      const response = await fetch(url, { method, headers, body: sent });
      const gap = response.headers.get('X-Mock-Gap');
      say({
        type: 'answer',
        id,
        status: response.status,
        statusText: response.statusText,
        gap,
        text: await response.text(),
      });
    } catch (error) {
      say({ type: 'answer', id, error: error.message });
    }
  });
  say({ type: 'ready', origin });
})();
