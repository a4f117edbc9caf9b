/**
 * Agents' signatures (DOMAIN.md `userDisableSignature`). Prosa stores what the agent typed in
 * `body` and the name it was signed with in `signature`; the text that leaves is made here, in
 * one place, for the send and for later edits alike:
 * - the stored body stays the agent's words, so search, quoting, editing and the PDF show them;
 * - the name is frozen at send time, so renaming the agent never rewrites what a customer got;
 * - channels that label the sender (web chat) get the name as a label instead of a text line.
 */
import { channelAdapters, type ChannelType } from '../channels/channel-registry.js';

/** The text a signed message carries on text channels: the name in bold (WhatsApp), then the body. */
export function signedText(body: string, signature: string | null): string {
  if (!signature || !body.trim()) return body;
  return `*${signature}*:\n${body}`;
}

/** What the provider of `type` gets for a stored message: its text, and a sender label where shown. */
export function outgoingText(
  type: ChannelType,
  m: { body: string; signature: string | null },
): { body: string; senderName: string | null } {
  if (channelAdapters[type]?.capabilities.senderLabel) return { body: m.body, senderName: m.signature };
  return { body: signedText(m.body, m.signature), senderName: null };
}

/**
 * The name a new message is signed with: always the agent's, unless the company lets agents
 * switch it off (userDisableSignature enabled) and this message asks so. A request to skip it
 * where the company does not allow that is signed all the same: the setting decides.
 */
export function signatureFor(agentName: string, mayDisable: boolean, sign: boolean | undefined): string | null {
  if (mayDisable && sign === false) return null;
  return agentName.trim() || null;
}
