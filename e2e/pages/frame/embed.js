// A third origin embedding the card frame (issue 9 tests): the frame URL comes in ?src=, with
// a channel and this page's origin in its fragment, as the element would build it. Records
// every message (window.received) and when the iframe's load event came (window.loaded).
window.received = [];
window.loaded = false;
addEventListener('message', (event) => window.received.push([event.origin, event.data, event.ports.length]));
const iframe = document.createElement('iframe');
iframe.title = 'card';
iframe.addEventListener('load', () => (window.loaded = true));
const src = new URL(new URLSearchParams(location.search).get('src'));
src.hash = new URLSearchParams({ channel: '0123456789abcdef0123456789abcdef', origin: location.origin, lang: 'en' }).toString();
iframe.src = src.href;
document.body.append(iframe);
