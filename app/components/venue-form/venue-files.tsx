import { useEffect, useRef, useState, type ReactNode } from "react";
import { inputClass } from "~/components/forms/fields";
import { showToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { ImageOff, ImagePlus, X } from "~/components/ui/icons";
import { IMAGE_ACCEPT, chosenImageRefusal, fitToRoom, MAX_VENUE_IMAGES } from "~/lib/uploads";
import type { FieldErrors } from "~/lib/validation/form";

// The venue form's Images and Logo: the stored ones kept or removed (edit), new ones checked as
// they are chosen (HEIC, type by content, 5MB, at most 10) and held in the form's state, which
// venue-form.tsx sends with the fields.

type Picked = { file: File; url: string };

function useObjectUrls(files: Picked[]) {
  const live = useRef(files);
  useEffect(() => {
    live.current = files;
  });
  useEffect(() => () => live.current.forEach((p) => URL.revokeObjectURL(p.url)), []);
}

/** The form's files: the stored images and logo kept, and those chosen here. */
export function useVenueFiles(storedImages: string[], storedLogo: string | null) {
  const [keptImages, setKeptImages] = useState(storedImages);
  const [keptLogo, setKeptLogo] = useState(storedLogo);
  const [images, setImages] = useState<Picked[]>([]);
  const [logo, setLogo] = useState<Picked | null>(null);
  const [fileErrors, setFileErrors] = useState<{ images?: string; logo?: string }>({});
  useObjectUrls(logo ? [...images, logo] : images);

  const pickImages = async (list: FileList | null) => {
    // More than there is room for: the first ones that fit are kept, and the message says how many.
    const { kept, message } = fitToRoom([...(list ?? [])], keptImages.length + images.length);
    const messages: string[] = message ? [message] : [];
    const added: Picked[] = [];
    for (const file of kept) {
      const refused = await chosenImageRefusal(file);
      if (refused) messages.push(refused);
      else added.push({ file, url: URL.createObjectURL(file) });
    }
    setImages((current) => [...current, ...added].slice(0, MAX_VENUE_IMAGES - keptImages.length));
    setFileErrors((e) => ({ ...e, images: messages.join(". ") || undefined }));
    for (const message of messages) void showToast({ type: "error", message });
  };

  const pickLogo = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    const refused = await chosenImageRefusal(file);
    setFileErrors((e) => ({ ...e, logo: refused ?? undefined }));
    if (refused) return void showToast({ type: "error", message: refused });
    if (logo) URL.revokeObjectURL(logo.url);
    setLogo({ file, url: URL.createObjectURL(file) });
  };

  const removeImage = (index: number) => {
    setImages((current) => {
      URL.revokeObjectURL(current[index]!.url);
      return current.filter((_, i) => i !== index);
    });
  };

  const removeLogo = () => {
    if (logo) URL.revokeObjectURL(logo.url);
    setLogo(null);
  };

  return {
    keptImages,
    keptLogo,
    images,
    logo,
    fileErrors,
    pickImages,
    pickLogo,
    removeImage,
    removeLogo,
    removeKeptImage: (url: string) => setKeptImages((current) => current.filter((u) => u !== url)),
    removeKeptLogo: () => setKeptLogo(null),
  };
}

type FilesProps = { id: string; files: ReturnType<typeof useVenueFiles>; errors: FieldErrors };

const removeClass =
  "absolute right-1 top-1 cursor-pointer rounded-full bg-white/90 p-1 text-ink shadow-card hover:bg-white";

export function ImagesField({ id, files, errors }: FilesProps) {
  const { keptImages, images, fileErrors } = files;
  const error = fileErrors.images ?? errors.images;
  return (
    <FileField
      id={`${id}-images`}
      label="Images"
      error={error}
      // The one place that says how many: a full form and a choice of too many say what is left.
      help={
        <>Up to {MAX_VENUE_IMAGES} images: JPG, PNG, GIF or WebP, 5MB each. 1200x800 or larger looks best.</>
      }
    >
      {keptImages.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Current images">
          {keptImages.map((url, i) => (
            <li key={url} className="relative aspect-[3/2] overflow-hidden rounded-lg bg-cream">
              <input type="hidden" name="keepImages" value={url} />
              <img src={url} alt={`Current image ${i + 1}`} className="h-full w-full object-cover" />
              <button
                type="button"
                onClick={() => files.removeKeptImage(url)}
                className={removeClass}
                aria-label={`Remove current image ${i + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen images">
          {images.map((p, i) => (
            <li key={p.url} className="relative aspect-[3/2] overflow-hidden rounded-lg bg-cream">
              <Thumbnail url={p.url} name={p.file.name} />
              <button
                type="button"
                onClick={() => files.removeImage(i)}
                className={removeClass}
                aria-label={`Remove ${p.file.name}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {keptImages.length + images.length < MAX_VENUE_IMAGES ? (
        <FilePicker
          id={`${id}-images`}
          name="images"
          multiple
          label={keptImages.length + images.length ? "Add more images" : "Choose images"}
          describedBy={`${id}-images-help${error ? ` ${id}-images-error` : ""}`}
          onPick={(list) => void files.pickImages(list)}
        />
      ) : (
        <p className="text-sm text-muted">Remove an image to add another.</p>
      )}
    </FileField>
  );
}

export function LogoField({ id, files, errors }: FilesProps) {
  const { keptLogo, logo, fileErrors } = files;
  const error = fileErrors.logo ?? errors.logo;
  return (
    <FileField
      id={`${id}-logo`}
      label="Logo"
      error={error}
      help="One square image; a transparent PNG works best."
    >
      <div className="flex items-center gap-3">
        {keptLogo && !logo ? (
          <span className="relative h-16 w-16 overflow-hidden rounded-lg border border-sand bg-white">
            <input type="hidden" name="keepLogo" value={keptLogo} />
            <img src={keptLogo} alt="Current logo" className="h-full w-full object-contain" />
          </span>
        ) : null}
        {logo ? (
          <span className="relative h-16 w-16 overflow-hidden rounded-lg border border-sand bg-white">
            <img src={logo.url} alt={`Logo: ${logo.file.name}`} className="h-full w-full object-contain" />
          </span>
        ) : null}
        <FilePicker
          id={`${id}-logo`}
          name="logo"
          label={logo || keptLogo ? "Replace logo" : "Choose a logo"}
          describedBy={`${id}-logo-help${error ? ` ${id}-logo-error` : ""}`}
          onPick={(list) => void files.pickLogo(list)}
        />
        {logo ? (
          <Button variant="ghost" size="sm" onClick={files.removeLogo}>
            Remove
          </Button>
        ) : keptLogo ? (
          <Button variant="ghost" size="sm" onClick={files.removeKeptLogo}>
            Remove logo
          </Button>
        ) : null}
      </div>
    </FileField>
  );
}

/** A file field's label, help and error around its pictures and picker (ids `{id}-help`, `{id}-error`). */
function FileField({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <p id={`${id}-help`} className="text-xs text-muted">
        {help}
      </p>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A chosen image's preview; one the browser cannot draw shows its name instead of a broken image. */
function Thumbnail({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState(false);
  return broken ? (
    <span className="flex h-full w-full flex-col items-center justify-center gap-1 p-1 text-center text-xs text-muted">
      <ImageOff className="h-5 w-5" aria-hidden="true" />
      <span className="w-full truncate">{name}</span>
    </span>
  ) : (
    <img src={url} alt={name} className="h-full w-full object-cover" onError={() => setBroken(true)} />
  );
}

/** A file input styled as a button; what was picked lives in the form's state, not the input. */
function FilePicker({
  id,
  name,
  label,
  multiple,
  describedBy,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  multiple?: boolean;
  describedBy: string;
  onPick: (files: FileList | null) => void;
}) {
  return (
    <span className="relative inline-flex">
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        aria-describedby={describedBy}
        className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
        onChange={(e) => {
          onPick(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
      />
      <span
        aria-hidden="true"
        className={`${inputClass} inline-flex items-center gap-2 font-medium text-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary/40`}
      >
        <ImagePlus className="h-4 w-4" /> {label}
      </span>
    </span>
  );
}
