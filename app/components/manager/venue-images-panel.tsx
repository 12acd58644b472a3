import { ArrowLeft, ArrowRight, ImageOff, ImagePlus, Star, Trash2 } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EmptyState } from "~/components/back-office/page";
import { TabSection } from "~/components/manager/tab-section";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { inputClass } from "~/components/forms/fields";
import { UploadProgress, useUploadProgress } from "~/components/forms/upload-progress";
import { showToast, useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { isFailedRequest, type FailedRequestReply } from "~/lib/failed-request";
import { imageSrcSet } from "~/lib/images";
import { IMAGE_ACCEPT, chosenImageRefusal, fitToRoom, MAX_VENUE_IMAGES } from "~/lib/uploads";
import type { ImageUploadReply, ManagerReply } from "~/lib/validation/manager";

// The edit page's Images tab (issue 13: the spec's disabled buttons, working): the venue's
// photos in order, the first being the cover; upload (checked here as chosen, and again by the
// server's image pipeline; a bar per photo while it goes), remove after a confirmation, make the
// cover, move left or right.

export function VenueImagesPanel({
  venueName,
  images,
  uploadAction: uploadPath,
}: {
  venueName: string;
  images: string[];
  uploadAction: string;
}) {
  const uploader = useFetcher<ImageUploadReply | FailedRequestReply>();
  const changer = useFetcher<ManagerReply>();
  useToast(uploader.data && "toast" in uploader.data ? uploader.data.toast : null);
  useToast(changer.data?.toast);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const uploading = uploader.state !== "idle";
  const busyUrl = changer.state !== "idle" ? changer.formData?.get("url") : null;
  const room = MAX_VENUE_IMAGES - images.length;
  // The files of the last upload: when its request failed they are still here, to send again.
  const [sent, setSent] = useState<File[]>([]);
  const unsent = uploader.state === "idle" && isFailedRequest(uploader.data) ? sent : [];
  const uploads = useUploadProgress();

  const send = (files: File[]) => {
    setSent(files);
    const form = new FormData();
    for (const f of files) form.append("images", f, f.name);
    void uploads.send(uploadPath, form, () =>
      uploader.submit(form, { method: "post", action: uploadPath, encType: "multipart/form-data" }),
    );
  };

  const upload = async (list: FileList | null) => {
    // More than there is room for: the first ones that fit go, and the message says how many.
    const { kept, message } = fitToRoom([...(list ?? [])], images.length);
    const refusals = await Promise.all(kept.map(chosenImageRefusal));
    const messages = [message, ...refusals].filter((m): m is string => !!m);
    if (messages.length) void showToast({ type: "error", message: messages.join(". ") });
    const files = kept.filter((_, i) => !refusals[i]);
    if (files.length) send(files);
  };

  // The image moved (or made the cover) keeps the keyboard: its buttons are disabled while the
  // change is saved, which drops focus to the page, so focus goes back to the same image's
  // button for that direction once the list is redrawn (the other one at the end of the row).
  const list = useRef<HTMLOListElement>(null);
  const moved = useRef<{ url: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const last = moved.current;
    if (changer.state !== "idle" || !last) return;
    moved.current = null;
    const item = [...(list.current?.children ?? [])].find((li) => li.getAttribute("data-url") === last.url);
    const buttons = [...(item?.querySelectorAll<HTMLButtonElement>("button[data-direction]") ?? [])];
    const same = buttons.find((b) => b.dataset.direction === last.direction && !b.disabled);
    (same ?? buttons.find((b) => !b.disabled))?.focus();
  }, [changer.state, images]);

  const change = (intent: string, url: string, direction?: "up" | "down") => {
    if (intent !== "image-remove") moved.current = { url, direction: direction ?? "down" };
    void changer.submit(
      { intent, url, ...(direction ? { direction } : {}) },
      { method: "post", preventScrollReset: true },
    );
  };

  return (
    <TabSection
      title="Images"
      description={
        <>
          {images.length} of {MAX_VENUE_IMAGES} images. The first is the cover couples see on cards and at the
          top of your page. JPG, PNG, GIF or WebP, 5MB each.
        </>
      }
      action={
        room > 0 ? (
          <span className="relative inline-flex">
            <input
              ref={input}
              id={`${id}-upload`}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              disabled={uploading}
              aria-label="Upload New Image"
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              onChange={(e) => {
                void upload(e.currentTarget.files);
                e.currentTarget.value = "";
              }}
            />
            <span
              aria-hidden="true"
              className={`${inputClass} inline-flex items-center gap-2 font-medium text-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary/40 peer-disabled:opacity-60`}
            >
              <ImagePlus className="h-4 w-4" /> {uploading ? "Uploading..." : "Upload New Image"}
            </span>
          </span>
        ) : (
          <p className="text-sm text-muted">Remove an image to add another.</p>
        )
      }
    >
      <UploadProgress
        upload={uploads.upload}
        failed={!(uploader.data && "ok" in uploader.data && uploader.data.ok)}
        className="mt-6"
      />
      {unsent.length > 0 ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger/30 bg-red-50 px-4 py-3 text-sm text-danger">
          <p className="min-w-0 break-words">Not uploaded: {unsent.map((f) => f.name).join(", ")}</p>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSent([])}>
              Dismiss
            </Button>
            <Button size="sm" onClick={() => send(unsent)}>
              Try Again
            </Button>
          </div>
        </div>
      ) : null}
      {images.length === 0 ? (
        <EmptyState icon={<ImageOff className="h-10 w-10" aria-hidden="true" />} title="No images available">
          Upload at least 3 photos: couples choose a venue with their eyes.
        </EmptyState>
      ) : (
        <ol
          ref={list}
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={`Images of ${venueName}`}
        >
          {images.map((url, i) => {
            const n = i + 1;
            const busy = busyUrl === url;
            return (
              <li
                key={url}
                data-url={url}
                className="overflow-hidden rounded-xl border border-sand bg-white shadow-card"
                aria-busy={busy || undefined}
              >
                <div className="relative aspect-[3/2] bg-cream">
                  <img
                    src={url}
                    srcSet={imageSrcSet(url)}
                    sizes="(min-width: 1024px) 340px, (min-width: 640px) 50vw, 100vw"
                    alt={`Image ${n} of ${venueName}`}
                    width={600}
                    height={400}
                    loading="lazy"
                    className={busy ? "h-full w-full object-cover opacity-50" : "h-full w-full object-cover"}
                  />
                  {i === 0 ? (
                    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-1 text-xs font-medium text-white">
                      <Star className="h-3 w-3 fill-current" aria-hidden="true" /> Cover
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="flex gap-1">
                    <IconButton
                      data-direction="up"
                      label={`Move image ${n} left`}
                      disabled={i === 0 || busy}
                      onClick={() => change("image-move", url, "up")}
                    >
                      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      data-direction="down"
                      label={`Move image ${n} right`}
                      disabled={i === images.length - 1 || busy}
                      onClick={() => change("image-move", url, "down")}
                    >
                      <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  </div>
                  <div className="flex gap-1">
                    {i > 0 ? (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => change("image-cover", url)}
                        className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary-soft disabled:opacity-50"
                        aria-label={`Set image ${n} as cover`}
                      >
                        Set as cover
                      </button>
                    ) : null}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setRemoving(url)}
                      className="inline-flex cursor-pointer items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium text-danger hover:bg-red-50 disabled:opacity-50"
                      aria-label={`Remove image ${n}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove Image"
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) change("image-remove", removing);
          setRemoving(null);
        }}
      >
        <p>Are you sure you want to remove this image? It will be deleted from your venue&apos;s page.</p>
        {removing ? (
          <img
            src={removing}
            alt="The image to remove"
            className="aspect-[3/2] w-full rounded-lg object-cover"
          />
        ) : null}
      </ConfirmDialog>
    </TabSection>
  );
}
