import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextArea } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAnswerClaim } from '../api/claims';
import { PhotoInput } from './photo-input';

/** The renter's answer to a claim: once, with text and photos, before an employee decides. */
export function AnswerClaimForm({ rentalId }: { rentalId: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const id = useId();
  const answer = useAnswerClaim();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const errors = isApiError(answer.error) ? answer.error.fieldErrors : {};

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    answer.mutate(
      { rentalId, answer: text, photos },
      { onSuccess: () => toast.success(t`Your answer was sent. Our team will decide soon.`) },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        <Trans>Answer the claim</Trans>
      </h4>
      <TextArea
        label={t`Your answer`}
        required
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={t`You can answer once. Our team reads both sides before deciding.`}
        error={errors.answer?.[0]}
      />
      <PhotoInput label={t`Your photos`} files={photos} onChange={setPhotos} error={errors.images?.[0]} />
      {answer.error && Object.keys(errors).length === 0 && <FormAlert message={errorMessage(answer.error)} />}
      <Button type="submit" isLoading={answer.isPending} loadingText={t`Sending...`} disabled={!text.trim()} className="self-start">
        <Trans>Send answer</Trans>
      </Button>
    </form>
  );
}
