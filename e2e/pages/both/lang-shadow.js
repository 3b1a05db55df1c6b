// <svc-card-form> in either mode (`?mode=inline` or `?mode=frame`) inside a shadow tree whose
// host says lang="en", the document pt-BR: the element's nearest [lang] is across the shadow
// root, which closest() does not cross. Frame mode points at a page that never answers: the
// parent's own texts (iframe title, validation message) and the lang it sends are what is read.
const frame = new URLSearchParams(location.search).get('mode') === 'frame';
const root = document.getElementById('widget').attachShadow({ mode: 'open' });
const wrapper = root.appendChild(document.createElement('div'));
const card = wrapper.appendChild(document.createElement('svc-card-form'));
if (frame) card.setAttribute('frame-src', '/e2e/pages/plain.html');
const script = document.createElement('script');
script.src = frame ? '/dist/svc-card-form-frame.js' : '/dist/svc-card-form.js';
script.onload = () => customElements.whenDefined('svc-card-form').then(() => card.updateComplete).then(() => (document.body.dataset.ready = 'true'));
document.head.append(script);
window.card = card;
