import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/product';
import { LanguageLinks } from './language-switch';

const FIRST_YEAR = 2025;

/** Footer: '{product} Co., Ltd.' with a year range starting 2025 ('2025' alone in 2025). */
export function copyrightLine(currentYear: number, productName: string): string {
  const years = currentYear > FIRST_YEAR ? `${FIRST_YEAR}–${currentYear}` : `${FIRST_YEAR}`;
  return `© ${years} ${productName} Co., Ltd.`;
}

const footerLink = 'rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600';

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label={t`Footer`}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/about" className={footerLink}>
                <Trans>About Us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                <Trans>Privacy Policy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className={footerLink}>
                <Trans>Contact</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <LanguageLinks />
        <p className="text-sm text-slate-600">{copyrightLine(new Date().getFullYear(), PRODUCT_NAME)}</p>
      </div>
    </footer>
  );
}
