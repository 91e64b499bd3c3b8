/**
 * One password typed into a form of the office server's screens (Minha senha, Redefinir senha, Adicionar usuário):
 * required, masked, and named for the browser's password manager (`new-password` unless it is the current one).
 */
export function PasswordField({
  label,
  value,
  onChange,
  current = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  current?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        required
        autoComplete={current ? 'current-password' : 'new-password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
