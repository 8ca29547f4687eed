import { CHANNEL } from '@/lib/messaging/protocol.ts';
import type { Caller } from '@/lib/messaging/sender.ts';
import { isKnockAnswer, type ClaimAnswer, type Delivery, type Knock, type KnockAnswer, type ProgressNote } from './relay.ts';

/**
 * Hands flow outcomes to the document that asked, without reading any tab's
 * URL: a real dApp is a host the extension holds no permission for, and both
 * browsers leave `tab.url` out there.
 *
 * The worker knocks (tabs.sendMessage, to the very document where the browser
 * can name it, else the tab's top frame) with a one-time ticket and the
 * origin it expects. The relay there checks its own origin and claims the
 * ticket with a runtime message; the browser, not the relay, says who
 * claims (origin, tab, frame, document). Only a claim from the right tab's
 * top frame on the right origin gets what the ticket holds. So a tab that
 * moved to another site gets nothing, even from a renderer that lies.
 */

/** The document a flow answers, as the browser named it when the request arrived. */
export interface DocumentTarget {
  readonly tabId: number;
  readonly origin: string;
  /** Chromium only: a reload or navigation makes a new document. */
  readonly documentId?: string;
}

/** Why a hand-over did not reach the document: it moved to another origin, its tab closed, or nothing there answered. */
export type DeliveryFailure = 'origin-changed' | 'tab-gone' | 'no-receiver';

/** Sends a knock to a tab's top frame, or to one document; rejects when nothing there can receive it. */
export type KnockTransport = (to: { readonly tabId: number; readonly documentId?: string }, knock: Knock) => Promise<unknown>;

/** Who answered a knock, as the browser reported the claim. */
export interface Claimant {
  readonly origin: string;
  readonly documentId?: string;
}

interface Ticket {
  readonly tabId: number;
  readonly origin?: string;
  readonly delivery?: Delivery;
  readonly progress?: ProgressNote;
  claimant?: Claimant;
}

export interface HandoffDeps {
  readonly send: KnockTransport;
  /** Whether the tab still exists (tabs.get needs no permission for that). */
  readonly tabExists: (tabId: number) => Promise<boolean>;
  readonly newTicket: () => string;
}

export class Handoff {
  /** Open tickets; each lives for one knock (a Map: a claimed name is never an inherited property). */
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly deps: HandoffDeps) {}

  async deliver(target: DocumentTarget, delivery: Delivery): Promise<'delivered' | DeliveryFailure> {
    const { answer } = await this.knock({ tabId: target.tabId, origin: target.origin, delivery }, target.documentId);
    switch (answer) {
      case 'taken':
        return 'delivered';
      case 'wrong-origin':
        return 'origin-changed';
      case 'declined':
        return 'no-receiver';
      case 'unreachable':
        return (await this.deps.tabExists(target.tabId).catch(() => false)) ? 'no-receiver' : 'tab-gone';
    }
  }

  /** Tells the requesting document where its flow stands; checked like a delivery, and nothing is retried. */
  async notify(target: DocumentTarget, progress: ProgressNote): Promise<void> {
    await this.knock({ tabId: target.tabId, origin: target.origin, progress }, target.documentId);
  }

  /**
   * The origin (and document) the tab's top frame shows, as the browser reports
   * its relay's claim; null when no relay answers (not a web page, or a page
   * loaded before Vantage was).
   */
  async identify(tabId: number): Promise<Claimant | null> {
    const { answer, claimant } = await this.knock({ tabId });
    return answer === 'taken' && claimant ? claimant : null;
  }

  /** A relay claims a ticket; `caller` is what the browser says about the sender. */
  claim(ticket: string, caller: Caller): ClaimAnswer {
    const t = this.tickets.get(ticket);
    if (!t || caller.kind !== 'content-script' || caller.tabId !== t.tabId || caller.frameId !== 0 || !caller.origin) return { accepted: false };
    if (t.origin !== undefined && caller.origin !== t.origin) return { accepted: false };
    t.claimant = { origin: caller.origin, ...(caller.documentId ? { documentId: caller.documentId } : {}) };
    return { accepted: true, ...(t.delivery ? { delivery: t.delivery } : {}), ...(t.progress ? { progress: t.progress } : {}) };
  }

  private async knock(ticket: Ticket, documentId?: string): Promise<{ answer: KnockAnswer | 'unreachable'; claimant?: Claimant }> {
    const id = this.deps.newTicket();
    this.tickets.set(id, ticket);
    const knock: Knock = { channel: CHANNEL, type: 'proof.knock', ticket: id, ...(ticket.origin !== undefined ? { origin: ticket.origin } : {}) };
    try {
      let answer: unknown;
      try {
        answer = await this.deps.send({ tabId: ticket.tabId, ...(documentId ? { documentId } : {}) }, knock);
      } catch (e) {
        if (!documentId) throw e;
        // That document is gone (reloaded, or navigated away): knock on what the tab shows now. Its relay
        // checks the origin, and the claim is checked again here; a same-origin reload gets the proof as an event.
        answer = await this.deps.send({ tabId: ticket.tabId }, knock);
      }
      return { answer: isKnockAnswer(answer) ? answer : 'declined', ...(ticket.claimant ? { claimant: ticket.claimant } : {}) };
    } catch {
      return { answer: 'unreachable' };
    } finally {
      this.tickets.delete(id);
    }
  }
}
