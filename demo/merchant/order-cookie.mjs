// How the page names its order: a cookie the server sets with the checkout page, HttpOnly (no
// script reads it), SameSite=Strict (another site's form cannot pay with it).
// A reload, or a second tab, carries the same cookie, so it is the same order and the same charge.
// Served over https, add `Secure` (the demo is plain http on loopback).
const NAME = 'demo_order';
const ID = /^[A-Za-z0-9_-]{22}$/;

/** The order id the request's cookie names, or undefined. */
export function orderIdOf(request) {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === NAME && ID.test(value ?? '')) return value;
  }
  return undefined;
}

/** The Set-Cookie header that binds this browser's checkout to `orderId` (a session cookie: it ends with the browser). */
export const orderCookie = (orderId) => `${NAME}=${orderId}; Path=/; HttpOnly; SameSite=Strict`;
