/**
 * The compact (phone) timeline's words are wrapped to the room beside its lanes: broken after a dot or a
 * space where one falls inside the line, else cut at the line's length; nothing is lost.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a dashboard asset in plain JavaScript, without types
import { wrapWords } from '../../src/dashboard/assets/svg-charts.js';

describe('wrapWords', () => {
  it('leaves words that fit as one line, at the length and below it', () => {
    expect(wrapWords('OUTGOING_PAYMENT.FAILED', 23)).toEqual(['OUTGOING_PAYMENT.FAILED']);
    expect(wrapWords('OUTGOING_PAYMENT.FAILED', 40)).toEqual(['OUTGOING_PAYMENT.FAILED']);
  });

  it('breaks one character over the length after the last dot or space inside the line', () => {
    expect(wrapWords('OUTGOING_PAYMENT.FAILED', 22)).toEqual(['OUTGOING_PAYMENT.', 'FAILED']);
    expect(wrapWords('retry due 10:01:10', 12)).toEqual(['retry due', '10:01:10']);
    expect(wrapWords('connect ECONNREFUSED 127.0.0.1:9', 24)).toEqual(['connect ECONNREFUSED', '127.0.0.1:9']);
  });

  it('cuts a word with nowhere to break at the length, over as many lines as it takes', () => {
    expect(wrapWords('ABCDEFGHIJ', 4)).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(wrapWords('ABCDEFGH', 4)).toEqual(['ABCD', 'EFGH']);
  });
});
