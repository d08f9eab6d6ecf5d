import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxFacet } from './checkbox-facet';

describe('CheckboxFacet', () => {
  it('lists an option with no vehicles after the others and does not let it be ticked', async () => {
    const onToggle = vi.fn();
    render(
      <CheckboxFacet
        legend="Color"
        options={[
          { value: 'Beige', label: 'Beige', count: 0 },
          { value: 'Red', label: 'Red', count: 0 },
          { value: 'White', label: 'White', count: 2 },
        ]}
        selected={['Red']}
        onToggle={onToggle}
      />,
    );
    const boxes = screen.getAllByRole('checkbox');
    // White (2) and the chosen Red first, so Red can still be unchosen; Beige (0) last and disabled.
    expect(boxes.map((b) => b.closest('li')?.textContent)).toEqual(['Red0', 'White2', 'Beige0']);
    expect(screen.getByRole('checkbox', { name: /Beige/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Red/ })).toBeEnabled();
    await userEvent.click(screen.getByText('Beige'));
    expect(onToggle).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: /White/ }));
    expect(onToggle).toHaveBeenCalledWith('White');
  });
});
