// The hook through which other modules learn of every lifecycle change, inside the transaction that
// made it. The lifecycle's transition command calls `notifyTransition` after it has written the new
// state and the status_events row and before it commits, so whatever a listener writes (a mail row
// in mail_outbox, a job) commits or rolls back with the change itself: a change never goes
// unannounced, and a rolled-back change never sends mail.
import type { ActorRole, ComicAction, SubmissionAction } from '../../../shared/lifecycle/actions.js';
import type { Db } from '../../db/client.js';

/** The transaction handle a listener writes through (same type as the database handle). */
export type Tx = Db;

/** One change, as the transition command reports it. */
export interface TransitionEvent {
  /** 'created' for a new submission, else the action taken. */
  action: SubmissionAction | ComicAction | 'created' | 'auto_advance';
  submissionId: string;
  /** Set for comic actions. */
  comicId: string | null;
  actor: { userId: string | null; role: ActorRole };
  fromStatus: string | null;
  toStatus: string;
  /** The submission's status after the change (differs from toStatus for comic actions). */
  submissionStatus: string;
  /** What the action carried (offer cents, tracking, transaction id, message...). */
  payload: Record<string, unknown>;
  /** The id of the status_events row written for this change. */
  statusEventId: number;
}

/** A module's reaction to a change; it runs inside the change's transaction and must not commit. */
export type TransitionListener = (tx: Tx, event: TransitionEvent) => Promise<void>;

/**
 * One app's set of listeners. buildApp makes one hub and hands it to the lifecycle (which calls
 * `notify`) and to every module that reacts (which calls `on` once at start). Per app, not per
 * process, so two apps in one test process never see each other's changes.
 */
export interface TransitionHub {
  /** Registers a listener; returns a function that removes it. */
  on(listener: TransitionListener): () => void;
  /** Called by the transition command inside its transaction, once per change, in order. */
  notify(tx: Tx, event: TransitionEvent): Promise<void>;
}

/** A new, empty hub. */
export function createTransitionHub(): TransitionHub {
  const listeners: TransitionListener[] = [];
  return {
    on(listener) {
      listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      };
    },
    async notify(tx, event) {
      for (const listener of listeners) await listener(tx, event);
    },
  };
}
