/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The JSX runtime named here, not left to a tsconfig: tsx (`node --import tsx`, which the crash-test
// and development servers run) applies the root tsconfig.json only to the files it includes, and the
// root lists the projects only (no files), so this file compiled to React.createElement and failed
// at delivery with 'React is not defined'.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
  render,
  toPlainText,
} from '@react-email/components';
import type { Locale } from '@rentdrive/contracts/locales';

/** One e-mail's content; mail-template renders it as HTML and as plain text from this one tree. */
export interface MailContent {
  locale: Locale;
  productName: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  /** Said under the button (what to do if this was not you...). */
  after?: string[];
  /** Why the recipient got this message. */
  why: string;
  /** A second footer line (security mail is always sent...). */
  footnote?: string;
  settings: { label: string; url: string };
  /** Mail that is not about security: a link to the page that switches this kind of mail off. */
  unsubscribe?: { label: string; url: string };
}

// The product's look: the web app's teal accent (styles.css --color-accent-700), neutrals, 8 px corners.
const ACCENT = '#0f766e';
const styles = {
  body: {
    backgroundColor: '#f8fafc',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #e2e8f0',
    borderRadius: '12px',
    maxWidth: '560px',
    margin: '0 auto',
    padding: '32px',
  },
  brand: { color: ACCENT, fontSize: '20px', fontWeight: 700, margin: '0 0 24px' },
  heading: { color: '#0f172a', fontSize: '24px', lineHeight: '32px', margin: '0 0 16px' },
  text: { color: '#334155', fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  button: {
    backgroundColor: ACCENT,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: ACCENT, fontSize: '14px', wordBreak: 'break-all' as const },
  footer: { color: '#64748b', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
};

function MailDocument({ content }: { content: MailContent }) {
  return (
    <Html lang={content.locale}>
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.paragraphs[0] ?? content.subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{content.productName}</Text>
          <Heading as="h1" style={styles.heading}>
            {content.subject}
          </Heading>
          <Text style={styles.text}>{content.greeting}</Text>
          {content.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          <Section style={{ margin: '24px 0' }}>
            <Button href={content.button.url} style={styles.button}>
              {content.button.label}
            </Button>
          </Section>
          <Text style={styles.footer}>
            <Link href={content.button.url} style={styles.link}>
              {content.button.url}
            </Link>
          </Text>
          {(content.after ?? []).map((line) => (
            <Text key={line} style={styles.text}>
              {line}
            </Text>
          ))}
          <Hr style={{ borderColor: '#e2e8f0', margin: '24px 0' }} />
          <Text style={styles.footer}>{content.why}</Text>
          {content.footnote ? <Text style={styles.footer}>{content.footnote}</Text> : null}
          <Text style={styles.footer}>
            <Link href={content.settings.url} style={{ ...styles.link, fontSize: '13px' }}>
              {content.settings.label}
            </Link>
            {content.unsubscribe ? (
              <>
                {' · '}
                <Link href={content.unsubscribe.url} style={{ ...styles.link, fontSize: '13px' }}>
                  {content.unsubscribe.label}
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML and plain-text parts of one message, from one template. */
export async function renderMail(content: MailContent): Promise<{ html: string; text: string }> {
  // One render: the plain text is made from the HTML (rendering twice doubled the time in a rent).
  const html = await render(<MailDocument content={content} />);
  return { html, text: toPlainText(html) };
}
