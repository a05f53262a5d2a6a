import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { fetchMedia, type MediaItem, uploadMedia } from '../media/api';
import { uploadProblem } from '../media/media-rules';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * A description to start from, made of the file's name ('yoga-class_2.jpg' is 'Yoga class 2'); none for a camera's
 * or a screenshot's own name ('IMG_2024.jpg', 'DSC0042.jpg', 'Screenshot 2026-01-02'), which says nothing.
 */
export function altSuggestion(fileName: string): string {
  const base = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!base || /^(img|dscn?|dcim|pxl|photo|image|screenshot|screen shot|whatsapp image)(?![a-z])/i.test(base))
    return '';
  if (!/[a-z]{3}/i.test(base)) return '';
  return base.charAt(0).toUpperCase() + base.slice(1).toLowerCase();
}

/** What the owner picked: the image's address and, for an image on the page, its description ('' decorative). */
export interface PickedImage {
  src: string;
  alt: string;
}

interface Props {
  opened: boolean;
  /** An image on the page needs a description; a background photo does not (it decorates). */
  needsAlt: boolean;
  /** The image's present description, when it is replaced. */
  currentAlt?: string;
  onPick: (picked: PickedImage) => void;
  onCancel: () => void;
}

/**
 * The designer's images (issue 29): the studio's media library (the Media Gallery's files), an upload into it, and
 * for an image on the page its alt text, required unless the owner says the image is decorative.
 */
export function MediaPicker({ opened, needsAlt, currentAlt = '', onPick, onCancel }: Props) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState(currentAlt);
  const [decorative, setDecorative] = useState(false);
  const [tried, setTried] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const all = await fetchMedia();
      const images = all.filter((item) => item.contentType.startsWith('image/'));
      setItems(images);
      setFailed(false);
      return images;
    } catch {
      setFailed(true);
      setItems([]);
      return [];
    }
  }, []);

  useEffect(() => {
    if (!opened) return;
    setChosen(null);
    setAlt(currentAlt);
    setDecorative(false);
    setTried(false);
    setProblem(null);
    void load();
  }, [opened, currentAlt, load]);

  const choose = (item: MediaItem) => {
    setChosen(item);
    // a description typed for another image stays; an empty one gets the file's words to start from
    setAlt((typed) => (typed.trim() ? typed : altSuggestion(item.fileName)));
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    const reason = uploadProblem(file) ?? (file.type.startsWith('image/') ? null : 'Only images can be used here.');
    setProblem(reason);
    if (reason) return;
    setUploading(true);
    try {
      const item = await uploadMedia(file);
      await load();
      choose(item);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  const altMissing = needsAlt && !decorative && !alt.trim();
  const use = () => {
    setTried(true);
    if (!chosen || altMissing) return;
    onPick({ src: chosen.url, alt: needsAlt && !decorative ? alt.trim() : '' });
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Choose an image" size="lg">
      <Stack gap="sm">
        <Group gap="sm">
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={uploading}>
                Upload an image
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            PNG, JPEG, GIF or WebP, 10 MB at most. It joins your Media Gallery.
          </Text>
        </Group>
        {problem && (
          <Alert color="red" title="The image could not be uploaded">
            {problem}
          </Alert>
        )}
        {items === null ? (
          <Loader size="sm" aria-label="Loading your images" />
        ) : failed ? (
          <Text size="sm" c="red.9">
            Your images could not be loaded. Close this and try again.
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm">No images yet. Upload one to use it here.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" role="group" aria-label="Your images">
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                onClick={() => choose(item)}
                aria-pressed={chosen?.id === item.id}
                aria-label={item.fileName}
                className="atrium-media-pick"
                data-chosen={chosen?.id === item.id || undefined}
              >
                <img src={item.url} alt="" loading="lazy" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        {tried && !chosen && (
          <Text size="sm" c="red.9">
            Choose an image first.
          </Text>
        )}
        {needsAlt && (
          <>
            <TextInput
              label="Describe the image"
              description="Alt text: what the image shows, read out to people who cannot see it and shown if it cannot load."
              value={alt}
              onChange={(event) => setAlt(event.currentTarget.value)}
              disabled={decorative}
              required={!decorative}
              maxLength={250}
              error={tried && altMissing ? 'Describe the image, or tick that it is only decoration.' : undefined}
            />
            <Checkbox
              label="It is only decoration (it says nothing the words beside it do not)"
              checked={decorative}
              onChange={(event) => setDecorative(event.currentTarget.checked)}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={use}>Use this image</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
