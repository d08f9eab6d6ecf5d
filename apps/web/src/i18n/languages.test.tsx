import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../components/ui/money';
import { Stars } from '../components/ui/stars';
import { LoginForm } from '../features/account/components/login-form';
import { AvailabilityCalendar } from '../features/rentals/components/availability-calendar';
import { renderWithApp } from '../test/render';
import { loadCatalogue } from './catalogues';

/** The screens in another language: its catalogue, its plural rules, its number, money and date formats. */
beforeAll(async () => {
  await Promise.all([loadCatalogue('de'), loadCatalogue('fr'), loadCatalogue('nl')]);
});

describe('screens in other languages', () => {
  it('counts reviews by each language’s plural rules', () => {
    renderWithApp(
      <>
        <Stars rating={4} reviewCount={1} />
        <Stars rating={4} reviewCount={2} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByText('(1 Bewertung)')).toBeInTheDocument();
    expect(screen.getByText('(2 Bewertungen)')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Bewertet mit 4 von 5' })).toHaveLength(2);
  });

  it('writes money as the language does', () => {
    renderWithApp(<Money amount={1234.56} />, { locale: 'fr' });
    expect(document.body.textContent).toContain('1\u202f234,56\u00a0€');
  });

  it('shows the shared schemas’ validation messages in the language', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { locale: 'de' });
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail oder Benutzername ist erforderlich!')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich!')).toBeInTheDocument();
  });

  it('starts the calendar week on Monday outside English, and names the days in the language', () => {
    const props = { today: '2026-11-20', lastDay: '2027-05-20', bookedDays: new Set<string>(), label: 'x', onDayClick: () => {} };
    const { unmount } = renderWithApp(<AvailabilityCalendar {...props} />, { locale: 'nl' });
    const dutch = screen.getAllByRole('columnheader').map((th) => th.querySelector('abbr')?.getAttribute('title'));
    expect(dutch[0]).toBe('maandag');
    expect(screen.getAllByText('november 2026').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /^20 november 2026/ })).toBeInTheDocument();
    unmount();
    renderWithApp(<AvailabilityCalendar {...props} />);
    const english = screen.getAllByRole('columnheader').map((th) => th.querySelector('abbr')?.getAttribute('title'));
    expect(english[0]).toBe('Sunday');
  });
});
