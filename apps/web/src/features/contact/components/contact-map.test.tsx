import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactMap, MAP_TIMEOUT_MS } from './contact-map';

afterEach(() => vi.useRealTimers());

const ADDRESS = /Herengracht 182/;

describe('ContactMap', () => {
  it('shows the address and a link instead of the frame when the map service cannot be reached', async () => {
    render(<ContactMap probe={() => Promise.reject(new Error('offline'))} />);
    expect(await screen.findByText("The map can't be shown right now. Find us here:")).toBeInTheDocument();
    expect(screen.queryByTitle('Map of our office location')).toBeNull();
    expect(screen.getByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      expect.stringContaining('openstreetmap.org'),
    );
  });

  it('gives up on a frame that never loads', () => {
    vi.useFakeTimers();
    render(<ContactMap probe={() => new Promise(() => {})} />);
    expect(screen.getByTitle('Map of our office location')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(MAP_TIMEOUT_MS + 1);
    });
    expect(screen.queryByTitle('Map of our office location')).toBeNull();
    expect(screen.getByText(ADDRESS)).toBeInTheDocument();
  });

  it('shows the map once the service answers and the frame has loaded', async () => {
    vi.useFakeTimers();
    render(<ContactMap probe={() => Promise.resolve()} />);
    const frame = screen.getByTitle('Map of our office location');
    expect(frame).toHaveClass('opacity-0');
    fireEvent.load(frame);
    await act(async () => {
      await Promise.resolve();
    });
    expect(frame).not.toHaveClass('opacity-0');
    act(() => {
      vi.advanceTimersByTime(MAP_TIMEOUT_MS + 1);
    });
    expect(screen.getByTitle('Map of our office location')).toBeInTheDocument();
  });
});
