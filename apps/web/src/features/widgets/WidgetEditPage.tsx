import { WIDGET_TYPES, type Widget } from '@atrium/contracts';
import { Alert, Button, Group, Loader, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminFormCard } from '../../app/components/AdminFormCard';
import { showSuccessToast } from '../../lib/notify';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { widgetKeys, widgetsApi } from './api';
import { pixelsOrNull, type WidgetForm, widgetFormErrors } from './widget-rules';

const LIST = '/settings/widgets';

/** Spec 2 §2 "Widgets" edit form: Name, Type (fixed), Url, Width and Height in px. */
export default function WidgetEditPage() {
  const { guId = '' } = useParams();
  const widget = useQuery({ queryKey: widgetKeys.one(guId), queryFn: () => widgetsApi.get(guId), staleTime: 0 });
  if (widget.isPending) {
    return (
      <Stack>
        <SettingsHeader title="Edit Widget" backTo={LIST} />
        <Group justify="center" py="xl">
          <Loader aria-label="Loading widget" />
        </Group>
      </Stack>
    );
  }
  if (!widget.data) {
    return (
      <Stack>
        <SettingsHeader title="Edit Widget" backTo={LIST} />
        <Alert color="red" title="This widget could not be opened">
          <Link to={LIST}>Back to the widgets</Link>
        </Alert>
      </Stack>
    );
  }
  return <WidgetEditForm key={widget.data.guId} widget={widget.data} />;
}

function WidgetEditForm({ widget }: { widget: Widget }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const isAdmin = useIsAdmin();
  const [form, setForm] = useState<WidgetForm>({
    name: widget.name,
    misc: widget.misc,
    width: widget.width ?? '',
    height: widget.height ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof WidgetForm, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const errors = widgetFormErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const shown = (field: keyof WidgetForm) => (touched[field] && errors[field]) || null;
  const touch = (field: keyof WidgetForm) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function save() {
    if (invalid) return;
    setSaving(true);
    try {
      await widgetsApi.update(widget.guId, {
        name: form.name.trim(),
        type: widget.type,
        misc: form.misc.trim(),
        width: pixelsOrNull(form.width),
        height: pixelsOrNull(form.height),
      });
      await client.invalidateQueries({ queryKey: widgetKeys.list });
      showSuccessToast('Widget updated successfully');
      navigate(LIST);
    } catch {
      // the API client showed the server's message
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title="Edit Widget" backTo={LIST} />
      <AdminFormCard isAdmin={isAdmin} onSave={() => void save()} maw={640}>
        <TextInput
          label="Name"
          required
          readOnly={!isAdmin}
          value={form.name}
          onChange={(event) => {
            setForm({ ...form, name: event.currentTarget.value });
            touch('name')();
          }}
          error={shown('name')}
          maxLength={120}
        />
        <Select label="Type" data={[...WIDGET_TYPES]} value={widget.type} disabled />
        <TextInput
          label="Url"
          required
          type="url"
          readOnly={!isAdmin}
          value={form.misc}
          onChange={(event) => {
            setForm({ ...form, misc: event.currentTarget.value });
            touch('misc')();
          }}
          error={shown('misc')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Width (px)"
            readOnly={!isAdmin}
            value={form.width}
            onChange={(value) => {
              setForm({ ...form, width: value });
              touch('width')();
            }}
            error={shown('width')}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
          />
          <NumberInput
            label="Height (px)"
            readOnly={!isAdmin}
            value={form.height}
            onChange={(value) => {
              setForm({ ...form, height: value });
              touch('height')();
            }}
            error={shown('height')}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={LIST}>
            Cancel
          </Button>
          {isAdmin ? (
            <Button type="submit" disabled={invalid} loading={saving}>
              Submit
            </Button>
          ) : null}
        </Group>
      </AdminFormCard>
    </Stack>
  );
}
