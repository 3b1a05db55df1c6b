// Mounting <svc-card-form> in happy-dom and driving its inputs, for the element's unit tests.
import '../../../src/element/define.js';
import type { SvcCardForm } from '../../../src/element/index.js';

export async function mount(html = '<svc-card-form></svc-card-form>'): Promise<SvcCardForm> {
  document.body.innerHTML = html;
  const el = document.querySelector('svc-card-form')!;
  await el.updateComplete;
  return el;
}

export const input = (el: SvcCardForm, id: string) => el.shadowRoot!.getElementById(id) as HTMLInputElement;

export async function type(el: SvcCardForm, id: string, value: string, inputType = 'insertText') {
  const field = input(el, id);
  field.focus();
  field.value = value;
  field.setSelectionRange(value.length, value.length);
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType }));
  await el.updateComplete;
}

export async function blur(el: SvcCardForm, id: string) {
  input(el, id).dispatchEvent(new FocusEvent('blur'));
  await el.updateComplete;
}

/** The details of every `type` event `el` sees from now on. */
export function record<T>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (e) => seen.push((e as CustomEvent<T>).detail));
  return seen;
}
