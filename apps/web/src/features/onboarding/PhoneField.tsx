import { maskDigits, maskedPhone, PHONE_MASKS } from '@atrium/contracts';
import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useId, useState } from 'react';

/** `5551234567` shaped by `000-000-0000` as far as the digits go: `555-123-4567`. */
export function shapeByMask(digits: string, mask: string): string {
  let at = 0;
  let shaped = '';
  for (const char of mask) {
    if (at >= digits.length) break;
    shaped += char === '0' ? digits[at++] : char;
  }
  return shaped;
}

/**
 * Spec 3 §3/§4: a country code and a masked number. `onChange` gets `+1 555-123-4567` only when the
 * digits fill the mask, and '' otherwise (spec 3 §4 "Phone input emits a value only when...").
 */
export function PhoneField(props: {
  label: string;
  initial: string;
  defaultCode: string;
  error?: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [start] = useState(() => {
    const match = /^(\+\d{1,3})\s+(.+)$/.exec(props.initial.trim());
    return match && PHONE_MASKS.some((m) => m.code === match[1])
      ? { code: match[1] ?? props.defaultCode, digits: (match[2] ?? '').replace(/\D/g, '') }
      : { code: props.defaultCode, digits: '' };
  });
  const [code, setCode] = useState(start.code);
  const [digits, setDigits] = useState(start.digits);
  const mask = PHONE_MASKS.find((m) => m.code === code)?.mask ?? '000-000-0000';

  const change = (nextCode: string, nextDigits: string) => {
    const limit = maskDigits(PHONE_MASKS.find((m) => m.code === nextCode)?.mask ?? mask);
    const only = nextDigits.replace(/\D/g, '').slice(0, limit);
    setCode(nextCode);
    setDigits(only);
    props.onChange(maskedPhone(nextCode, only));
  };

  return (
    <Input.Wrapper label={props.label} required error={props.error} id={id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect
          aria-label="Country code"
          value={code}
          data={PHONE_MASKS.map((m) => ({ value: m.code, label: `${m.country} ${m.code}` }))}
          onChange={(event) => change(event.currentTarget.value, digits)}
          w={130}
        />
        <TextInput
          id={id}
          flex={1}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={mask}
          value={shapeByMask(digits, mask)}
          error={Boolean(props.error)}
          onChange={(event) => change(code, event.currentTarget.value)}
        />
      </Group>
    </Input.Wrapper>
  );
}
