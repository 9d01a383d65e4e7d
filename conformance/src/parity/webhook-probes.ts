// The webhook configuration's open behaviours parity observes with --access-token: the read before
// any configuration is saved, and (with --allow-writes, only while none is saved) which receiver
// urls a save refuses: another scheme, local spellings of the deployment's own address and port,
// the same at another port, other hosts. Parity never overwrites a configuration the team saved.
import { type GapProbeId, RECEIVER_SPELLING_LABELS } from '../../../common/src/index.ts';
import { asError, type Json, type ProbeOutcome } from './probe-values.ts';
import type { ParitySender, RecordedParityExchange } from './sender.ts';

export interface WebhookProbeContext {
  sender: ParitySender;
  baseUrl: string;
  allowWrites: boolean;
  hasAccessToken: boolean;
}

type WebhookProbeId = Extract<
  GapProbeId,
  'webhooks.read-before-save' | 'webhooks.receiver-scheme-refused' | 'webhooks.receiver-addresses-refused'
>;

/** True when a receiver may be saved: writes allowed, the token given and no configuration saved (parity overwrites none). */
export async function noWebhookSaved(
  ctx: Pick<WebhookProbeContext, 'sender' | 'allowWrites' | 'hasAccessToken'>,
): Promise<true | ProbeOutcome> {
  if (!ctx.allowWrites || !ctx.hasAccessToken)
    return { touched: false, reason: 'saves a webhook configuration: pass --allow-writes and --access-token' };
  const { answer, recorded } = await ctx.sender.send({ method: 'GET', path: '/integration/webhook', auth: 'bearer' });
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  if (answer.status !== 200 || (data !== null && data !== undefined)) {
    const saved = answer.status === 200 && typeof data === 'object' && (data as Json).url;
    // A receiver an earlier probe of this run saved is parity's own, not the team's.
    if (!(typeof saved === 'string' && saved.includes('/parity-receiver')))
      return {
        touched: false,
        reason: `a webhook configuration is saved (or the read answered HTTP ${answer.status}): parity does not overwrite it`,
        exchange: recorded,
      };
  }
  return true;
}

export const saveReceiver = (ctx: Pick<WebhookProbeContext, 'sender'>, url: string, analysisCompleted = false) =>
  ctx.sender.send({
    method: 'POST',
    path: '/integration/webhook',
    auth: 'bearer',
    json: { url, analysisCompleted, analysisChangedStatus: false },
  });

export const WEBHOOK_PROBES: Record<WebhookProbeId, (ctx: WebhookProbeContext) => Promise<ProbeOutcome>> = {
  'webhooks.read-before-save': async (ctx) => {
    if (!ctx.hasAccessToken) return { touched: false, reason: 'needs the webhook calls’ token: pass --access-token' };
    const { answer, recorded } = await ctx.sender.send({ method: 'GET', path: '/integration/webhook', auth: 'bearer' });
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    if (answer.status === 200 && data !== null && data !== undefined)
      return {
        touched: false,
        reason: 'a webhook configuration is saved: the answer before any is saved cannot be read',
        exchange: recorded,
      };
    return {
      touched: true,
      observation: { kind: 'shape', shape: answer.status === 200 ? 'null' : 'other' },
      exchange: recorded,
    };
  },
  'webhooks.receiver-scheme-refused': async (ctx) => {
    const free = await noWebhookSaved(ctx);
    if (free !== true) return free;
    const { answer, recorded } = await saveReceiver(ctx, `ftp://${new URL(ctx.baseUrl).hostname}/parity-receiver`);
    return asError(answer, recorded);
  },
  'webhooks.receiver-addresses-refused': async (ctx) => {
    const free = await noWebhookSaved(ctx);
    if (free !== true) return free;
    const base = new URL(ctx.baseUrl);
    const port = base.port || (base.protocol === 'https:' ? '443' : '80');
    const own = base.hostname.includes(':') && !base.hostname.startsWith('[') ? `[${base.hostname}]` : base.hostname;
    const other = String((Number(port) % 65535) + 1);
    // Each label's url: scheme, host and port (the deployment's own unless said). Its origin as
    // written names no port at its scheme's default (a service at https://host: port 443 implied),
    // and the other scheme with no port is that scheme's default port, not the deployment's.
    const urls: Record<string, string> = {
      'own address': `http://${own}:${port}`,
      'own origin': base.origin,
      'localhost at another port': `http://localhost:${other}`,
      'https, parity-receiver.example': `https://parity-receiver.example:${port}`,
      'own host, the other scheme, no port': `${base.protocol === 'https:' ? 'http' : 'https'}://${own}`,
    };
    for (const label of RECEIVER_SPELLING_LABELS) urls[label] ??= `http://${label}:${port}`;
    const values: Record<string, string> = {};
    let exchange: RecordedParityExchange | undefined;
    for (const label of RECEIVER_SPELLING_LABELS) {
      const sent = await saveReceiver(ctx, `${urls[label]}/parity-receiver`);
      const { status } = sent.answer;
      // A server error is not a refusal: the deployment failed on that url.
      values[label] =
        status >= 200 && status < 300 ? 'saved' : status >= 500 ? `server error (HTTP ${status})` : 'refused';
      exchange ??= sent.recorded;
    }
    return { touched: true, observation: { kind: 'values', values }, exchange: exchange! };
  },
};
