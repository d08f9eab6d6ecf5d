import { useLingui } from '@lingui/react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { translateApiText } from '../../i18n/catalogues';
import { cn } from '../../lib/cn';

/**
 * Form fields: a visible label, an optional hint and an error text, linked to the control with
 * aria-describedby and aria-invalid. They forward refs, so `{...register('name')}` works as is.
 */
interface FieldChromeProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown under the control (e.g. formState.errors.x?.message). */
  error?: string;
  /** Hides the label visually (kept for screen readers). */
  hideLabel?: boolean;
  /** Class of the wrapping element (layout: width, grid span). */
  containerClassName?: string;
}

export const controlClasses = (hasError: boolean, className?: string) =>
  cn(
    'block w-full rounded-control border bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-100 disabled:text-slate-500',
    hasError ? 'border-danger focus:outline-danger' : 'border-slate-300 focus:border-accent-600 focus:outline-accent-600',
    className,
  );

function useFieldIds(id: string | undefined, hint: unknown, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  const { i18n } = useLingui();
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {translateApiText(i18n, error)}
        </p>
      )}
    </>
  );
}

type FieldIds = ReturnType<typeof useFieldIds>;

/** The control's id and its aria links to the hint and error texts. */
function controlAria(ids: FieldIds, error: string | undefined, required?: boolean) {
  return {
    id: ids.controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    'aria-required': required || undefined,
  };
}

/** Label above, then the control, then the hint and error texts. */
function FieldFrame({
  ids,
  label,
  hint,
  error,
  hideLabel,
  required,
  containerClassName,
  children,
}: FieldChromeProps & { ids: FieldIds; required?: boolean; children: ReactNode }) {
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={ids.controlId} hideLabel={hideLabel} required={required}>
        {label}
      </FieldLabel>
      {children}
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

function FieldLabel({
  htmlFor,
  hideLabel,
  required,
  children,
}: {
  htmlFor: string;
  hideLabel?: boolean;
  required?: boolean;
  children: ReactNode;
}) {
  // The asterisk sits outside <label> so the label's text (and getByLabel) is exactly the field name.
  return (
    <div className={cn('mb-1 flex gap-1 text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}

export type TextFieldProps = FieldChromeProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, hideLabel, containerClassName, id, className, required, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ ids, label, hint, error, hideLabel, required, containerClassName }}>
      <input ref={ref} {...controlAria(ids, error, required)} className={controlClasses(Boolean(error), cn('h-10', className))} {...rest} />
    </FieldFrame>
  );
});

export type TextAreaProps = FieldChromeProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, hideLabel, containerClassName, id, className, required, rows = 4, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ ids, label, hint, error, hideLabel, required, containerClassName }}>
      <textarea
        ref={ref}
        rows={rows}
        {...controlAria(ids, error, required)}
        className={controlClasses(Boolean(error), cn('py-2', className))}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldChromeProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** Options to render; or pass <option> children instead. */
    options?: SelectOption[];
    /** A first option with an empty value (e.g. 'All Vehicle Types'). */
    placeholderOption?: string;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, hideLabel, containerClassName, id, className, required, options, placeholderOption, children, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ ids, label, hint, error, hideLabel, required, containerClassName }}>
      <select
        ref={ref}
        {...controlAria(ids, error, required)}
        className={controlClasses(Boolean(error), cn('h-10 pr-8', className))}
        {...rest}
      >
        {placeholderOption !== undefined && <option value="">{placeholderOption}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
});

export type CheckboxFieldProps = FieldChromeProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'>;

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, error, hideLabel, containerClassName, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={containerClassName}>
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          type="checkbox"
          {...controlAria(ids, error)}
          className={cn(
            'size-4 rounded border-slate-400 accent-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600',
            className,
          )}
          {...rest}
        />
        <label htmlFor={ids.controlId} className={cn('text-sm text-slate-800', hideLabel && 'sr-only')}>
          {label}
        </label>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
});
