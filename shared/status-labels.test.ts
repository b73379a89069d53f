import { describe, expect, it } from 'vitest';
import { COMIC_ADMIN_STATUSES, SUBMISSION_STATUSES } from './domain-values.js';
import {
  comicStatusBadge,
  isSubmissionStatus,
  submissionStatusBadge,
  submissionStatusLabel,
} from './status-labels.js';

describe('submission status labels (spec section 4 table)', () => {
  it.each([
    ['awaiting_review', 'Awaiting Review', 'Awaiting Review'],
    ['pending', 'Awaiting Your Response', 'Pending Response'],
    ['awaiting_shipment', 'Awaiting Shipment', 'Ready to Ship'],
    ['shipped', 'Shipped', 'shipped'],
    ['inspecting_submission', 'Inspecting Comics', 'Inspecting Comics'],
    ['dispute', 'In Dispute', 'In Dispute'],
    ['resolved', 'Dispute Resolved', 'Dispute Resolved'],
    ['paid', 'Payment Sent', 'paid'],
    ['declined', 'Declined', 'declined'],
    ['cancelled', 'Cancelled', 'cancelled'],
  ])('%s: seller %j, admin %j', (status, seller, admin) => {
    expect(submissionStatusLabel(status, 'seller')).toBe(seller);
    expect(submissionStatusLabel(status, 'admin')).toBe(admin);
    expect(submissionStatusBadge(status, 'seller').label).toBe(seller);
    expect(submissionStatusBadge(status, 'admin').label).toBe(admin);
  });

  it.each(['submission_processed', 'user_response'])('%s has no label and shows raw, grey', (status) => {
    expect(submissionStatusLabel(status, 'seller')).toBeNull();
    expect(submissionStatusLabel(status, 'admin')).toBeNull();
    expect(submissionStatusBadge(status, 'admin')).toEqual({ label: status, tone: 'grey' });
    expect(submissionStatusBadge(status, 'seller')).toEqual({ label: status, tone: 'grey' });
  });

  it('shows an unknown status raw with a grey badge', () => {
    expect(submissionStatusLabel('on_hold', 'seller')).toBeNull();
    expect(submissionStatusBadge('on_hold', 'seller')).toEqual({ label: 'on_hold', tone: 'grey' });
    expect(submissionStatusBadge('in_review', 'admin')).toEqual({ label: 'in_review', tone: 'grey' });
    expect(isSubmissionStatus('on_hold')).toBe(false);
  });

  it('gives every labelled status a coloured tone, and "needs you" a different tone from "waiting on us"', () => {
    for (const status of SUBMISSION_STATUSES) {
      const label = submissionStatusLabel(status, 'seller');
      if (label !== null && status !== 'cancelled') {
        expect(submissionStatusBadge(status, 'seller').tone).not.toBe('grey');
      }
    }
    expect(submissionStatusBadge('pending', 'seller').tone).not.toBe(
      submissionStatusBadge('awaiting_review', 'seller').tone,
    );
  });

  it('labels every status in the domain list except the two the spec leaves unlabelled', () => {
    const unlabelled = SUBMISSION_STATUSES.filter(
      (status) => submissionStatusLabel(status, 'admin') === null,
    );
    expect(unlabelled).toEqual(['submission_processed', 'user_response']);
  });
});

describe('comicStatusBadge', () => {
  it.each([
    ['awaiting_review', 'Awaiting Review'],
    ['pending', 'Pending'],
    ['pending_user_approval', 'Pending User Approval'],
    ['rejected', 'Rejected'],
    ['accepted_cash', 'Accepted (Cash)'],
    ['accepted_credit', 'Accepted (Credit)'],
    ['user_rejected', 'Rejected by User'],
  ])('%s -> %j', (status, label) => {
    expect(comicStatusBadge(status).label).toBe(label);
  });

  it('covers every comic admin status with a non-grey tone', () => {
    for (const status of COMIC_ADMIN_STATUSES) {
      expect(comicStatusBadge(status).label).not.toBe(status);
      expect(comicStatusBadge(status).tone).not.toBe('grey');
    }
  });

  it('colours acceptance green and rejection red', () => {
    expect(comicStatusBadge('accepted_cash').tone).toBe('green');
    expect(comicStatusBadge('accepted_credit').tone).toBe('green');
    expect(comicStatusBadge('rejected').tone).toBe('red');
    expect(comicStatusBadge('user_rejected').tone).toBe('red');
  });

  it('shows an unknown comic status raw with a grey badge', () => {
    expect(comicStatusBadge('lost_in_mail')).toEqual({ label: 'lost_in_mail', tone: 'grey' });
  });
});
