import { describe, expect, it } from 'vitest';
import { parseHandshakeRequest, handshakeResponse } from './handshake';
import { closeRecord, completionRecord, invocationRecord, parseClientMessage, PING_RECORD } from './hub-messages';
import { negotiateResponse, pickNegotiateVersion } from './negotiate';
import { readRecords, formatRecord, RECORD_SEPARATOR } from './records';

const RS = RECORD_SEPARATOR;

describe('readRecords', () => {
  it('splits several records arriving in one frame', () => {
    const result = readRecords('', `{"a":1}${RS}{"b":2}${RS}`, 100);
    expect(result).toEqual({ records: ['{"a":1}', '{"b":2}'], pending: '', isOversized: false });
  });

  it('joins a record split across frames', () => {
    const first = readRecords('', '{"type":1,"tar', 100);
    expect(first.records).toEqual([]);
    const second = readRecords(first.pending, `get":"X"}${RS}{"type":6`, 100);
    expect(second.records).toEqual(['{"type":1,"target":"X"}']);
    const third = readRecords(second.pending, `}${RS}`, 100);
    expect(third.records).toEqual(['{"type":6}']);
    expect(third.pending).toBe('');
  });

  it('handles a separator arriving alone and empty records', () => {
    const first = readRecords('', '{}', 100);
    expect(readRecords(first.pending, RS, 100).records).toEqual(['{}']);
  });

  it('flags a record over the limit, complete or still arriving', () => {
    expect(readRecords('', 'x'.repeat(11) + RS, 10).isOversized).toBe(true);
    expect(readRecords('', 'x'.repeat(11), 10).isOversized).toBe(true);
    expect(readRecords('', 'x'.repeat(10) + RS, 10)).toEqual({ records: ['x'.repeat(10)], pending: '', isOversized: false });
  });

  it('keeps the records before an oversized one', () => {
    const result = readRecords('', `{}${RS}${'y'.repeat(50)}${RS}`, 10);
    expect(result.records).toEqual(['{}']);
    expect(result.isOversized).toBe(true);
  });

  it('formats a record with the separator', () => {
    expect(formatRecord({ type: 6 })).toBe(`{"type":6}${RS}`);
  });
});

describe('parseHandshakeRequest', () => {
  it('accepts json version 1 and 2', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({ ok: true, protocol: 'json', version: 1 });
    expect(parseHandshakeRequest('{"protocol":"json","version":2}').ok).toBe(true);
  });

  it('refuses an unknown protocol with the spec message', () => {
    expect(parseHandshakeRequest('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "Requested protocol 'messagepack' is not available.",
    });
  });

  it('refuses an unsupported version, bad JSON and missing fields', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":3}').ok).toBe(false);
    expect(parseHandshakeRequest('{"protocol":"json"').ok).toBe(false);
    expect(parseHandshakeRequest('[1]').ok).toBe(false);
    expect(parseHandshakeRequest('{"version":1}').ok).toBe(false);
    expect(parseHandshakeRequest('{"protocol":"json"}').ok).toBe(false);
  });

  it('answers {} or an error object', () => {
    expect(handshakeResponse()).toEqual({});
    expect(handshakeResponse('nope')).toEqual({ error: 'nope' });
  });
});

describe('parseClientMessage', () => {
  it('reads an invocation with and without an invocation id', () => {
    expect(parseClientMessage('{"type":1,"invocationId":"0","target":"SendMessage","arguments":["a","b"]}')).toEqual({
      kind: 'invocation',
      invocationId: '0',
      target: 'SendMessage',
      args: ['a', 'b'],
      hasStreams: false,
    });
    const blocking = parseClientMessage('{"type":1,"target":"Hello","arguments":[]}');
    expect(blocking).toMatchObject({ kind: 'invocation', invocationId: undefined });
  });

  it('accepts and disregards headers', () => {
    expect(parseClientMessage('{"type":1,"headers":{"a":"b"},"target":"T","arguments":[]}').kind).toBe('invocation');
  });

  it('reads pings, closes and stream invocations', () => {
    expect(parseClientMessage('{"type":6}')).toEqual({ kind: 'ping' });
    expect(parseClientMessage('{"type":7}')).toEqual({ kind: 'close' });
    expect(parseClientMessage('{"type":4,"invocationId":"1","target":"S","arguments":[]}')).toEqual({
      kind: 'stream-invocation',
      invocationId: '1',
      target: 'S',
    });
  });

  it('ignores unknown and unsupported message types', () => {
    expect(parseClientMessage('{"type":42,"whatever":true}')).toEqual({ kind: 'ignored', type: 42 });
    expect(parseClientMessage('{"type":5,"invocationId":"1"}')).toEqual({ kind: 'ignored', type: 5 });
  });

  it('treats malformed messages as protocol errors', () => {
    expect(parseClientMessage('not json').kind).toBe('invalid');
    expect(parseClientMessage('{"target":"x"}').kind).toBe('invalid');
    expect(parseClientMessage('{"type":1,"arguments":[]}').kind).toBe('invalid');
    expect(parseClientMessage('{"type":1,"target":"x"}').kind).toBe('invalid');
    expect(parseClientMessage('{"type":1,"target":"x","arguments":[],"invocationId":5}').kind).toBe('invalid');
    expect(parseClientMessage(`{"type":1,"target":"x","arguments":[],"invocationId":"${'9'.repeat(200)}"}`).kind).toBe('invalid');
  });
});

describe('server records', () => {
  it('writes completions with a result, with an error, and for void methods', () => {
    expect(completionRecord('3', { result: { id: 'm' } })).toBe(`{"type":3,"invocationId":"3","result":{"id":"m"}}${RS}`);
    expect(completionRecord('3', { error: 'Bad' })).toBe(`{"type":3,"invocationId":"3","error":"Bad"}${RS}`);
    expect(completionRecord('3', {})).toBe(`{"type":3,"invocationId":"3"}${RS}`);
  });

  it('writes invocations, pings and closes', () => {
    expect(invocationRecord('ReceiveMessage', [{ a: 1 }])).toBe(`{"type":1,"target":"ReceiveMessage","arguments":[{"a":1}]}${RS}`);
    expect(PING_RECORD).toBe(`{"type":6}${RS}`);
    expect(closeRecord()).toBe(`{"type":7}${RS}`);
    expect(closeRecord({ error: 'Server is shutting down.', allowReconnect: true })).toBe(
      `{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`,
    );
  });
});

describe('negotiate', () => {
  it('picks the requested version capped at 1, defaulting to 0', () => {
    expect(pickNegotiateVersion('1')).toBe(1);
    expect(pickNegotiateVersion('5')).toBe(1);
    expect(pickNegotiateVersion(undefined)).toBe(0);
    expect(pickNegotiateVersion('abc')).toBe(0);
  });

  it('adds the connection token only in version 1', () => {
    const ids = { connectionId: 'public', connectionToken: 'secret' };
    expect(negotiateResponse(1, ids)).toMatchObject({ connectionId: 'public', connectionToken: 'secret', negotiateVersion: 1 });
    expect(negotiateResponse(0, ids)).not.toHaveProperty('connectionToken');
    expect(negotiateResponse(0, ids).availableTransports.map((t) => t.transport)).toEqual([
      'WebSockets',
      'ServerSentEvents',
      'LongPolling',
    ]);
  });
});
