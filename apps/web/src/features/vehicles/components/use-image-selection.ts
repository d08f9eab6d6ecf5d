import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES, MAX_VEHICLE_IMAGES, VehicleMessages, type VehicleImage } from '@rentdrive/contracts/vehicles';
import { sniffPickedFile } from '../lib/image-kind';

/** A file chosen for upload, with an object URL for its preview. */
export interface PickedImage {
  id: string;
  file: File;
  previewUrl: string;
}

let nextPickId = 0;

/**
 * Images of the vehicle form: existing ones (edit) that can be removed, and new files with previews
 * that can be removed before upload. At least one, at most 15 in total.
 */
export function useImageSelection(existing: VehicleImage[] = []) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<PickedImage[]>([]);
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const pickedRef = useRef<PickedImage[]>([]);

  useEffect(() => {
    pickedRef.current = picked;
  }, [picked]);
  // Object URLs hold the file in memory until revoked: release what is left when the form goes away.
  useEffect(() => () => pickedRef.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const kept = existing.filter((image) => !removedIds.includes(image.id));
  const total = kept.length + picked.length;

  /**
   * Adds the picked (or dropped) files that are images the server keeps, judged by their content
   * (their first bytes), not their name: a PDF is refused here by name ('notes.pdf is not an image.'),
   * before anything is sent. Resolves once the files are read.
   */
  async function add(files: FileList | File[]) {
    // Copied now: the input's FileList is emptied when the picker resets it.
    const list = Array.from(files);
    const room = MAX_VEHICLE_IMAGES - total;
    const kinds = await Promise.all(list.map((file) => sniffPickedFile(file).catch(() => 'not-an-image' as const)));
    const accepted: PickedImage[] = [];
    const notAnImage: string[] = [];
    // Each refused file is named under the reason, so nothing vanishes without a word.
    const refused = new Map<string, string[]>();
    const refuse = (reason: string, file: File) => refused.set(reason, [...(refused.get(reason) ?? []), file.name]);
    for (const [index, file] of list.entries()) {
      const kind = kinds[index];
      if (kind === 'not-an-image') {
        const name = file.name;
        notAnImage.push(t`${name} is not an image.`);
      } else if (kind === 'other-image') {
        refuse(VehicleMessages.imageType, file);
      } else if (file.size >= MAX_IMAGE_BYTES) {
        refuse(VehicleMessages.imageTooLarge, file);
      } else if (accepted.length >= room) {
        refuse(VehicleMessages.tooManyImages, file);
      } else {
        nextPickId += 1;
        accepted.push({ id: `pick-${nextPickId}`, file, previewUrl: URL.createObjectURL(file) });
      }
    }
    setNotices([...notAnImage, ...[...refused].map(([reason, names]) => `${reason} Not added: ${names.join(', ')}.`)]);
    if (accepted.length > 0) setPicked((p) => [...p, ...accepted]);
  }

  function removePicked(id: string) {
    setPicked((p) => {
      const gone = p.find((x) => x.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return p.filter((x) => x.id !== id);
    });
    setNotices([]);
  }

  function removeExisting(id: string) {
    setRemovedIds((ids) => [...ids, id]);
    setNotices([]);
  }

  /** The message when the count is out of bounds, else null. */
  function validate(): string | null {
    if (total < 1) return VehicleMessages.imagesRequired;
    if (total > MAX_VEHICLE_IMAGES) return VehicleMessages.tooManyImages;
    return null;
  }

  return { kept, picked, removedIds, total, notices, add, removePicked, removeExisting, validate };
}

export type ImageSelection = ReturnType<typeof useImageSelection>;
