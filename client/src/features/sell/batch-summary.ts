// One toast per drop, not per photo: a 20-photo batch used to queue 20 'Comic Added!' toasts. A single
// photo keeps the spec's toasts; a batch is summed up once its last photo is processed.

/** How a batch's photos ended so far. */
export interface BatchTally {
  size: number;
  settled: number;
  /** Comics added to the draft (read, or blank for a label that could not be read). */
  added: number;
  /** Of those, comics that cannot be submitted as they are (a blank entry, a missing title...). */
  needDetails: number;
  /** Names of files the server refused (not an image, too large), in the order they were dropped. */
  refused: string[];
}

/** How one photo of a batch ended. */
export type PhotoResult = { kind: 'added'; needsDetails: boolean } | { kind: 'refused'; fileName: string };

/** The summary toast's text and tone. */
export interface BatchToast {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '18 comics added, 2 need details.' plus the files that were not added. */
export function batchSummaryToast(tally: BatchTally): BatchToast {
  const parts: string[] = [];
  if (tally.added > 0) {
    const added = plural(tally.added, 'comic added', 'comics added');
    parts.push(
      tally.needDetails > 0
        ? `${added}, ${plural(tally.needDetails, 'needs details', 'need details')}.`
        : `${added}.`,
    );
  }
  if (tally.refused.length > 0) {
    const names =
      tally.refused.length <= 3
        ? tally.refused.join(', ')
        : `${tally.refused.slice(0, 3).join(', ')} and ${tally.refused.length - 3} more`;
    parts.push(
      `${plural(tally.refused.length, 'file was', 'files were')} not added (not a photo we can read): ${names}.`,
    );
  }
  if (tally.needDetails > 0) parts.push('Please fill in the missing details before submitting.');
  else if (tally.added > 0) parts.push('Please review the extracted values before submitting.');
  return {
    title: tally.added > 0 ? 'Comics Added' : 'No Comics Added',
    description: parts.join(' '),
    variant: tally.added > 0 ? 'default' : 'destructive',
  };
}

/** Keeps the tallies of the drops in progress, keyed by the upload ids of their photos. */
export class BatchTracker {
  private readonly batchOf = new Map<string, BatchTally>();
  /** Where each upload sat in its drop: photos settle in whatever order the server answers. */
  private readonly positionOf = new Map<string, number>();
  /** Drop positions of each batch's refused files, parallel to its `refused` names. */
  private readonly refusedPositions = new WeakMap<BatchTally, number[]>();

  /** Starts a batch for these upload ids; a single photo is not a batch (it keeps the spec's toasts). */
  start(uploadIds: readonly string[]): void {
    if (uploadIds.length < 2) return;
    const tally: BatchTally = { size: uploadIds.length, settled: 0, added: 0, needDetails: 0, refused: [] };
    uploadIds.forEach((id, position) => {
      this.batchOf.set(id, tally);
      this.positionOf.set(id, position);
    });
    this.refusedPositions.set(tally, []);
  }

  /** True when the upload belongs to a batch still in progress. */
  has(uploadId: string): boolean {
    return this.batchOf.has(uploadId);
  }

  /** Records how a photo ended; returns the batch's tally once its last photo is in, else null. */
  settle(uploadId: string, result: PhotoResult): BatchTally | null {
    const tally = this.batchOf.get(uploadId);
    if (!tally) return null;
    const position = this.positionOf.get(uploadId) ?? tally.size;
    this.batchOf.delete(uploadId);
    this.positionOf.delete(uploadId);
    tally.settled += 1;
    if (result.kind === 'added') {
      tally.added += 1;
      if (result.needsDetails) tally.needDetails += 1;
    } else {
      // Keep the names in drop order, so the toast lists the files as the seller chose them.
      const positions = this.refusedPositions.get(tally) ?? [];
      const at = positions.findIndex((other) => other > position);
      const index = at === -1 ? positions.length : at;
      positions.splice(index, 0, position);
      tally.refused.splice(index, 0, result.fileName);
    }
    return tally.settled === tally.size ? tally : null;
  }

  /** Forgets every batch (the upload list was reset). */
  clear(): void {
    this.batchOf.clear();
    this.positionOf.clear();
  }
}
