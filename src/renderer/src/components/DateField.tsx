import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToDmy, parseDmy } from '../format';

/**
 * A date typed and shown as dd/mm/aaaa whatever the browser's locale (a native date input follows the
 * browser's language, so an English browser showed mm/dd/yyyy). `value` and `onChange` speak ISO dates;
 * while the text is not a real day the field is marked invalid, says so, and `onValidity(false)` is called.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onValidity,
  disabled,
  invalid,
  invalidText,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onValidity?: (valid: boolean) => void;
  disabled?: boolean;
  /** Marked invalid from outside too (e.g. a range whose end comes before its start). */
  invalid?: boolean;
  invalidText: string;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? ownId;
  const messageId = `${inputId}-message`;
  const [text, setText] = useState(() => isoToDmy(value));
  const [bad, setBad] = useState(false);

  // A value set from outside (a default, a reset) replaces what is shown, unless it is what the text says
  // (adjusting state while rendering, as React recommends, instead of in an effect).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (parseDmy(text) !== value) setText(isoToDmy(value));
    if (value) setBad(false);
  }

  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setBad(false);
      onValidity?.(true);
      setShown('');
      onChange('');
      return;
    }
    const iso = parseDmy(next);
    setBad(iso === null);
    onValidity?.(iso !== null);
    if (iso !== null) {
      setShown(iso);
      onChange(iso);
    }
  };

  return (
    <div className="field date-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('import.dateFormats.dmy')}
        maxLength={10}
        size={10}
        value={text}
        disabled={disabled}
        aria-invalid={bad || invalid ? true : undefined}
        aria-describedby={bad ? messageId : undefined}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          const iso = parseDmy(text);
          if (iso) setText(isoToDmy(iso));
        }}
      />
      {bad && (
        <span id={messageId} role="alert" className="field-error">
          {invalidText}
        </span>
      )}
    </div>
  );
}
