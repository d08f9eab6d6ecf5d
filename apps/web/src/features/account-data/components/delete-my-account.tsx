import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AccountData } from '@rentdrive/contracts/account-data';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { callApi, isApiError } from '../../../lib/api-client';

/**
 * Settings → 'Delete my account' (issue 28): a dialog asks for the password and calls DELETE
 * /api/account. A refusal (money in the wallet, a rental not over) shows the server's reasons in the
 * dialog; success signs out (the server ended every session), confirms and goes home.
 */
export function DeleteMyAccount() {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState(false);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setFieldError(undefined);
      setRefusal(undefined);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setRefusal(undefined);
    if (!password) {
      setFieldError(t`Enter your password.`);
      return;
    }
    setPending(true);
    try {
      await callApi(AccountData.delete, { body: { password } });
      setOpen(false);
      queryClient.clear();
      toast.success(t`Your account has been deleted.`);
      void navigate('/?account-deleted=1');
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.password?.[0]) setFieldError(error.fieldErrors.password[0]);
      else setRefusal(isApiError(error) ? error.detail : t`Something went wrong. Please try again.`);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        <Trans>
          Your name, e-mail, phone, chat messages and vehicles are erased and you are signed out everywhere. Rentals and reviews stay, shown
          as by 'Deleted user'. Your wallet must be empty and no rental may be requested or active.
        </Trans>
      </p>
      <div>
        <Button type="button" variant="danger-outline" onClick={() => setOpen(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={close}
        size="sm"
        title={t`Delete your account?`}
        description={t`This cannot be undone. Enter your password to confirm.`}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="delete-account-form" variant="danger" isLoading={pending} loadingText={t`Deleting...`}>
              <Trans>Delete my account</Trans>
            </Button>
          </>
        }
      >
        <form id="delete-account-form" onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
          <FormAlert message={refusal} />
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError}
          />
        </form>
      </Modal>
    </div>
  );
}
