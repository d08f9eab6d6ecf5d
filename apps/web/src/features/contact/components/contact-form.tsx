import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONTACT_INTERESTS, ContactRequestSchema, type ContactRequest, type ContactRequestInput } from '@rentdrive/contracts/contact';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { CheckboxField, TextArea, TextField } from '../../../components/ui/form-fields';
import { translateApiText } from '../../../i18n/catalogues';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useSendContactMessage } from '../api/send-contact';
import '../../../i18n/more-messages';

const FIELDS = ['name', 'surname', 'email', 'interests', 'message'] as const;
const EMPTY: ContactRequestInput = { name: '', surname: '', email: '', interests: [], message: '' };
const INTEREST_LABELS: Record<(typeof CONTACT_INTERESTS)[number], MessageDescriptor> = {
  cars: msg`Cars`,
  apartments: msg`Apartments`,
  shopping: msg`Shopping`,
  food: msg`Food`,
  traveling: msg`Traveling`,
};

function ThankYou({ name, onAgain }: { name: string; onAgain: () => void }) {
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-card border border-green-200 bg-green-50 p-6">
      <h2 className="text-xl font-semibold text-slate-900">
        <Trans>Thank you, {name}!</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>We received your message and will get back to you by email soon.</Trans>
      </p>
      <Button variant="secondary" onClick={onAgain}>
        <Trans>Send another message</Trans>
      </Button>
    </div>
  );
}

/** Contact form: validated with the shared schema, stored by POST /api/contact, then a thank-you. */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const mutation = useSendContactMessage();
  const [sentBy, setSentBy] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequestInput, unknown, ContactRequest>({
    mode: 'onTouched',
    resolver: zodResolver(ContactRequestSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      setSentBy(values.name.trim());
      reset(EMPTY);
    } catch (error) {
      applyApiErrorToForm(error, setError, FIELDS);
    }
  });

  if (sentBy !== null) return <ThankYou name={sentBy} onAgain={() => setSentBy(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t`Contact form`}>
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
      <TextField label={t`Name`} autoComplete="given-name" required error={errors.name?.message} {...register('name')} />
      <TextField label={t`Surname`} autoComplete="family-name" required error={errors.surname?.message} {...register('surname')} />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        containerClassName="sm:col-span-2"
        {...register('email')}
      />
      <fieldset className="sm:col-span-2" aria-describedby={errors.interests ? 'contact-interests-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <Trans>I'm interested in</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {CONTACT_INTERESTS.map((interest) => (
            <CheckboxField key={interest} label={i18n._(INTEREST_LABELS[interest])} value={interest} {...register('interests')} />
          ))}
        </div>
        {errors.interests && (
          <p id="contact-interests-error" className="mt-1 text-sm text-danger">
            {translateApiText(i18n, errors.interests.message ?? errors.interests.root?.message ?? '')}
          </p>
        )}
      </fieldset>
      <TextArea
        label={t`Message`}
        rows={5}
        required
        error={errors.message?.message}
        containerClassName="sm:col-span-2"
        {...register('message')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" isLoading={isSubmitting} loadingText={t`Sending...`}>
          <Trans>Send Message</Trans>
        </Button>
      </div>
    </form>
  );
}
