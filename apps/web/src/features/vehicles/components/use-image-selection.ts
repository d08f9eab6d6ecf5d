import { useEffect, useRef, useState } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_VEHICLE_IMAGES,
  VehicleMessages,
  type VehicleImage,
} from '@rentdrive/contracts/vehicles';

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

  function add(files: FileList | File[]) {
    const room = MAX_VEHICLE_IMAGES - total;
    const accepted: PickedImage[] = [];
    // Each refused file is named under the reason, so nothing vanishes without a word.
    const refused = new Map<string, string[]>();
    const refuse = (reason: string, file: File) => refused.set(reason, [...(refused.get(reason) ?? []), file.name]);
    for (const file of Array.from(files)) {
      if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
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
    setNotices([...refused].map(([reason, names]) => `${reason} Not added: ${names.join(', ')}.`));
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
