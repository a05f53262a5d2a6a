import { RECOMMENDED_LOGO_HEIGHT } from '@atrium/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useSaveWebsiteSettings } from './hooks';
import { ImageSetting } from './ImageSetting';

/**
 * The Account Settings logo banner (spec 2 §2): the tenant's logo, the same one the website and the
 * app show. An uploaded or typed image is saved at once ('Successfully updated logo.').
 */
export function LogoBanner({ current, canChange }: { current: string | null; canChange: boolean }) {
  const client = useQueryClient();
  const save = useSaveWebsiteSettings();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();

  const store = async (logo: string) => {
    setError(undefined);
    try {
      await save.mutateAsync({ logo });
      setValue(logo);
      showSuccessToast('Successfully updated logo.');
      await client.invalidateQueries({ queryKey: ['settings', 'account'] });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <ImageSetting
      label="Logo banner"
      description={`Recommended height ${RECOMMENDED_LOGO_HEIGHT}px; also your website's logo`}
      previewHeight={RECOMMENDED_LOGO_HEIGHT}
      disabled={!canChange}
      value={value}
      error={error}
      onChange={setValue}
      onBlur={() => {
        if (value.trim() !== (current ?? '')) void store(value.trim());
      }}
      onUploaded={store}
    />
  );
}
