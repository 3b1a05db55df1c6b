// What the element tells the frame at its start, made in one place for the browser's element
// (parent/svc-card-form-frame.ts) and the server's render (ssr/frame.ts): the config message's
// members and the frame URL whose fragment carries them with the channel and the page's origin
// (issue 9; issue 27: the server's HTML starts the frame's navigation, the element adopts it).
import type { Strings } from '../shared/i18n.js';
import { checkPlans, type InstallmentPlan } from '../shared/installments.js';
import { message } from './protocol.js';
import type { Setting } from '../shared/surface.js';

/** The config message's members: every setting, `strings` and the page's `style`. */
export type ConfigMembers = Record<Setting | 'strings' | 'style', unknown>;

/** The element's settings the frame renders with: each of the surface's settings (shared/surface.ts), and `strings`. */
export interface FrameSettings extends Record<Setting, unknown> {
  lang: string;
  strings: Partial<Strings>;
  acceptedBrands: string[];
  disabled: boolean;
  keyId: string;
  /** The installments as given (checked here against `amount`). */
  installments: unknown;
  amount: number;
  holderDocument: boolean;
}

// Checked plans with only the members the frame's config message takes.
const wirePlans = (plans: InstallmentPlan[]) => JSON.parse(JSON.stringify(plans.map(
  ({ installment, fee, installmentAmount, totalAmount, brands, monthlyRate, cet }) => ({ installment, fee, installmentAmount, totalAmount, brands, monthlyRate, cet }))));

/** The config message's members: only plans that pass the check go (the frame checks them again), none while they do not. */
export function configOf(settings: FrameSettings, style: Record<string, string> = {}): Record<string, unknown> {
  const { lang, strings, acceptedBrands, disabled, keyId, installments: plans, amount, holderDocument } = settings;
  const installments = !checkPlans(plans, amount).problem && Array.isArray(plans) ? wirePlans(plans) : [];
  return { lang, strings, acceptedBrands, disabled, keyId, style, installments, amount: installments.length ? amount : 0, holderDocument } satisfies ConfigMembers;
}

/** A channel id: not a key, an unguessable name for one element's handshake. */
export const channelId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** `frameSrc` with the fragment the frame reads (page/handshake.ts): the channel, the page's origin, the config message. */
export function frameUrl(frameSrc: string | URL, channel: string, origin: string, config: Record<string, unknown>): URL {
  const url = new URL(frameSrc);
  url.hash = new URLSearchParams({ channel, origin, config: JSON.stringify(message('config', config)) }).toString();
  return url;
}
