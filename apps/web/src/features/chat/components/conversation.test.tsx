import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { Conversation, type ConversationProps } from './conversation';

const ME = '00000000-0000-4000-8000-000000000001';
const BOB = { userId: '00000000-0000-4000-8000-000000000002', username: 'bob', online: true };

function renderConversation(overrides: Partial<ConversationProps> = {}) {
  const props: ConversationProps = {
    me: ME,
    partner: BOB,
    isOnline: true,
    messages: [
      { id: 'a', senderId: BOB.userId, receiverId: ME, text: 'Hi there', timeSent: '2026-06-01T10:05:00Z' },
      { id: 'b', senderId: ME, receiverId: BOB.userId, text: 'Hello Bob', timeSent: '2026-06-01T10:06:00Z' },
    ],
    isLoading: false,
    isError: false,
    onRetry: vi.fn(),
    canSend: true,
    onSend: vi.fn().mockResolvedValue(undefined),
    onBack: vi.fn(),
    ...overrides,
  };
  // With the app's providers: a received message's 'Report' reads the session.
  renderWithApp(<Conversation {...props} />);
  return props;
}

afterEach(() => vi.useRealTimers());

describe('Conversation', () => {
  it('shows who the chat is with, their presence and both sides of the conversation', () => {
    renderConversation({ isOnline: false });
    expect(screen.getByRole('heading', { name: 'Chat with bob' })).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-own'));
    expect(items[0]).toHaveAttribute('data-own', 'false');
    expect(items[1]).toHaveAttribute('data-own', 'true');
    expect(items[0]).toHaveTextContent('Hi there');
  });

  it("separates the days: yesterday's evening message is not read as today's", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Local times, so the test holds in any time zone.
    vi.setSystemTime(new Date(2026, 5, 10, 9, 0));
    renderConversation({
      messages: [
        { id: 'a', senderId: BOB.userId, receiverId: ME, text: 'Last week', timeSent: new Date(2026, 5, 3, 12, 0).toISOString() },
        { id: 'b', senderId: BOB.userId, receiverId: ME, text: 'Evening', timeSent: new Date(2026, 5, 9, 18, 5).toISOString() },
        { id: 'c', senderId: ME, receiverId: BOB.userId, text: 'Late reply', timeSent: new Date(2026, 5, 9, 23, 59).toISOString() },
        { id: 'd', senderId: BOB.userId, receiverId: ME, text: 'Morning', timeSent: new Date(2026, 5, 10, 8, 30).toISOString() },
      ],
    });
    const separators = Array.from(document.querySelectorAll('[data-day-separator]')).map((li) => li.textContent);
    const lastWeek = new Date(2026, 5, 3).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
    expect(separators).toEqual([lastWeek, 'Yesterday', 'Today']);
    const order = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(order.indexOf('Yesterday')).toBeLessThan(order.findIndex((t) => t?.includes('Evening')));
    expect(order.indexOf('Today')).toBeLessThan(order.findIndex((t) => t?.includes('Morning')));
    expect(order.indexOf('Today')).toBeGreaterThan(order.findIndex((t) => t?.includes('Late reply')));
  });

  it('sends the trimmed text with Enter and clears the input', async () => {
    const props = renderConversation();
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, '  See you soon  {Enter}');
    expect(props.onSend).toHaveBeenCalledWith('See you soon');
    expect(input).toHaveValue('');
  });

  it('does not send blank text', async () => {
    const blank = renderConversation();
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), '    {Enter}');
    expect(blank.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a sent message at once as sending, until the hub accepts it', async () => {
    const accepts: (() => void)[] = [];
    const onSend = vi.fn(() => new Promise<void>((resolve) => accepts.push(resolve)));
    renderConversation({ onSend });
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, 'On my way{Enter}');
    expect(input).toHaveValue('');
    const bubble = screen.getByText('On my way').closest('li');
    expect(bubble).toHaveAttribute('data-own', 'true');
    expect(bubble).toHaveTextContent('Sending...');
    // Another one can follow before the first is accepted.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(input, 'Second{Enter}');
    expect(onSend).toHaveBeenCalledTimes(2);
    await act(async () => {
      accepts.forEach((accept) => accept());
      await Promise.resolve();
    });
    // Accepted, the screen's messages have it: the 'Sending...' bubbles leave.
    await waitFor(() => expect(screen.queryByText('Sending...')).not.toBeInTheDocument());
  });

  it('marks a refused message not sent with the reason, and sends it again', async () => {
    const onSend = vi
      .fn()
      .mockRejectedValueOnce(new Error('You are sending messages too fast. Please wait a moment.'))
      .mockResolvedValueOnce(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderConversation({ onSend });
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, 'again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent. You are sending messages too fast.');
    const bubble = screen.getByText('again').closest('li');
    expect(bubble).toHaveAttribute('data-send-state', 'failed');
    expect(input).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(onSend).toHaveBeenNthCalledWith(2, 'again');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('offers a disabled Send without a connection', async () => {
    const props = renderConversation({ canSend: false });
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'hello{Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
