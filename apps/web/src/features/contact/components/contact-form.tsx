import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONTACT_INTERESTS, ContactRequestSchema, type ContactRequest, type ContactRequestInput } from '@rentdrive/contracts/contact';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { CheckboxField, TextArea, TextField } from '../../../components/ui/form-fields';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useSendContactMessage } from '../api/send-contact';

const FIELDS = ['name', 'surname', 'email', 'interests', 'message'] as const;
const EMPTY: ContactRequestInput = { name: '', surname: '', email: '', interests: [], message: '' };
const INTEREST_LABELS: Record<(typeof CONTACT_INTERESTS)[number], string> = {
  cars: 'Cars',
  apartments: 'Apartments',
  shopping: 'Shopping',
  food: 'Food',
  traveling: 'Traveling',
};

function ThankYou({ name, onAgain }: { name: string; onAgain: () => void }) {
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-card border border-green-200 bg-green-50 p-6">
      <h2 className="text-xl font-semibold text-slate-900">Thank you, {name}!</h2>
      <p className="text-slate-700">We received your message and will get back to you by email soon.</p>
      <Button variant="secondary" onClick={onAgain}>
        Send another message
      </Button>
    </div>
  );
}

/** Contact form: validated with the shared schema, stored by POST /api/contact, then a thank-you. */
export function ContactForm() {
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
      <TextField label="Name" autoComplete="given-name" required error={errors.name?.message} {...register('name')} />
      <TextField label="Surname" autoComplete="family-name" required error={errors.surname?.message} {...register('surname')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        containerClassName="sm:col-span-2"
        {...register('email')}
      />
      <fieldset className="sm:col-span-2" aria-describedby={errors.interests ? 'contact-interests-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">I'm interested in</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {CONTACT_INTERESTS.map((interest) => (
            <CheckboxField key={interest} label={INTEREST_LABELS[interest]} value={interest} {...register('interests')} />
          ))}
        </div>
        {errors.interests && (
          <p id="contact-interests-error" className="mt-1 text-sm text-danger">
            {errors.interests.message ?? errors.interests.root?.message}
          </p>
        )}
      </fieldset>
      <TextArea
        label="Message"
        rows={5}
        required
        error={errors.message?.message}
        containerClassName="sm:col-span-2"
        {...register('message')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" isLoading={isSubmitting} loadingText="Sending...">
          Send Message
        </Button>
      </div>
    </form>
  );
}
