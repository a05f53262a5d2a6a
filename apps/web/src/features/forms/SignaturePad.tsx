import { SIGNATURE_HEIGHT, SIGNATURE_MIN_WIDTH, SIGNATURE_WIDTH } from '@atrium/contracts';
import { Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface Props {
  disabled: boolean;
  error?: string | null;
  typed: string;
  onTyped: (text: string) => void;
  /** The drawing as a PNG data URL, or '' when cleared. */
  onDrawn: (dataUrl: string) => void;
  dateText: string;
  /** A minor's form: the guardian signs for them, and the block says so. */
  signedFor?: { guardian: string; person: string };
}

/**
 * The signature pad (spec 3 §9: 350x150, minimum stroke width 2) with its clear button. Keyboard
 * and screen-reader users type their full name instead (decisions.md "Forms").
 */
export function SignaturePad({ disabled, error, typed, onTyped, onDrawn, dateText, signedFor }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = SIGNATURE_MIN_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * SIGNATURE_WIDTH) / rect.width,
      y: ((event.clientY - rect.top) * SIGNATURE_HEIGHT) / rect.height,
    };
  };

  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    last.current = point(event);
    const ctx = event.currentTarget.getContext('2d');
    if (ctx && last.current) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, SIGNATURE_MIN_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
    }
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = event.currentTarget.getContext('2d');
    const next = point(event);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(next.x, next.y);
      ctx.stroke();
    }
    last.current = next;
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    if (canvas.current) onDrawn(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    const ctx = canvas.current?.getContext('2d');
    ctx?.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    onDrawn('');
  };

  return (
    <Stack gap={6}>
      <Input.Label id="signature-label">{signedFor ? "Guardian's signature" : 'Signature'}</Input.Label>
      {signedFor ? (
        <Text size="sm" data-testid="signed-for">
          {`Signed by ${signedFor.guardian}, guardian, for ${signedFor.person}.`}
        </Text>
      ) : null}
      <canvas
        ref={canvas}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        aria-labelledby="signature-label"
        aria-describedby="signature-help"
        role="img"
        data-testid="signature-pad"
        style={{
          width: '100%',
          maxWidth: SIGNATURE_WIDTH,
          aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}`,
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 4,
          touchAction: 'none',
          background: '#fff',
          cursor: disabled ? 'not-allowed' : 'crosshair',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <Text id="signature-help" size="sm" c="dimmed">
        {signedFor
          ? 'The guardian signs in the box, or types their full name below.'
          : 'Sign in the box, or type your full name below.'}
      </Text>
      <TextInput
        label={
          signedFor ? "Or type the guardian's full name as their signature" : 'Or type your full name as your signature'
        }
        value={typed}
        disabled={disabled}
        onChange={(e) => onTyped(e.currentTarget.value)}
        maw={SIGNATURE_WIDTH}
        autoComplete="name"
      />
      <Group gap="sm">
        <Text size="sm">Date: {dateText}</Text>
        {!disabled ? (
          <Button variant="default" size="xs" onClick={clear}>
            Clear Signature
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
