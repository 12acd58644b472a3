import type { SVGProps } from "react";
import { cn } from "~/lib/cn";
import { ICONS, type IconName, type MASK_ICONS } from "./icon-sprite";
import sprite from "./icons.svg?url";

// Icons are drawn once, in one cached SVG sprite, and each use is a `<use href>` of ~100 bytes
// instead of lucide's inline drawing of ~500: a venue page shows some 50 icons (issue 9). The
// `.icon` class in app/styles/widgets.css gives lucide's size and stroke; classes on the icon override them.
// The icons of the public pages (MASK_ICONS) are drawn by CSS instead: an empty `<i class="i
// i-name">` of 28 bytes (issue 42; `.i` in app/styles/widgets.css, the drawings in icons.css).
// Every icon is decoration: an empty element is nothing to assistive technology, so it needs no
// aria-hidden (callers still pass it, as the sprite's icons need it).

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type Icon = (props: IconProps) => React.JSX.Element;

function spriteIcon(name: IconName): Icon {
  function SpriteIcon({ className, ...props }: IconProps) {
    return (
      <svg aria-hidden="true" {...props} className={cn("icon", className)}>
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

/** A CSS-drawn icon. Its utility is written out in full, so that Tailwind finds it and emits it. */
function maskIcon<N extends (typeof MASK_ICONS)[number]>(name: N, utility: `i-${N}`): Icon {
  function MaskIcon({ className }: IconProps) {
    return <i className={cn("i", utility, className)} />;
  }
  MaskIcon.displayName = name;
  return MaskIcon;
}

export const ArrowDown = spriteIcon(ICONS.ArrowDown);
export const ArrowLeft = maskIcon(ICONS.ArrowLeft, "i-arrow-left");
export const ArrowRight = maskIcon(ICONS.ArrowRight, "i-arrow-right");
export const ArrowUp = spriteIcon(ICONS.ArrowUp);
export const ArrowUpDown = spriteIcon(ICONS.ArrowUpDown);
export const Building2 = spriteIcon(ICONS.Building2);
export const CalendarHeart = maskIcon(ICONS.CalendarHeart, "i-calendar-heart");
export const Check = spriteIcon(ICONS.Check);
export const ChevronDown = maskIcon(ICONS.ChevronDown, "i-chevron-down");
export const ChevronLeft = maskIcon(ICONS.ChevronLeft, "i-chevron-left");
export const ChevronRight = maskIcon(ICONS.ChevronRight, "i-chevron-right");
export const CircleCheck = spriteIcon(ICONS.CircleCheck);
export const CircleDollarSign = spriteIcon(ICONS.CircleDollarSign);
export const CircleHelp = spriteIcon(ICONS.CircleHelp);
export const Clock = spriteIcon(ICONS.Clock);
export const Download = spriteIcon(ICONS.Download);
export const ExternalLink = spriteIcon(ICONS.ExternalLink);
export const Eye = spriteIcon(ICONS.Eye);
export const FileSpreadsheet = spriteIcon(ICONS.FileSpreadsheet);
export const Globe = maskIcon(ICONS.Globe, "i-globe");
export const Heart = maskIcon(ICONS.Heart, "i-heart");
export const History = spriteIcon(ICONS.History);
export const ImageIcon = spriteIcon(ICONS.ImageIcon);
export const ImageOff = spriteIcon(ICONS.ImageOff);
export const ImagePlus = spriteIcon(ICONS.ImagePlus);
export const Images = spriteIcon(ICONS.Images);
export const KeyRound = spriteIcon(ICONS.KeyRound);
export const LayoutDashboard = spriteIcon(ICONS.LayoutDashboard);
export const LayoutGrid = maskIcon(ICONS.LayoutGrid, "i-layout-grid");
export const List = maskIcon(ICONS.List, "i-list");
export const LoaderCircle = spriteIcon(ICONS.LoaderCircle);
export const LocateFixed = spriteIcon(ICONS.LocateFixed);
export const LogOut = spriteIcon(ICONS.LogOut);
export const Mail = maskIcon(ICONS.Mail, "i-mail");
export const Map = spriteIcon(ICONS.Map);
export const MapPin = maskIcon(ICONS.MapPin, "i-map-pin");
export const MapPinned = maskIcon(ICONS.MapPinned, "i-map-pinned");
export const Menu = maskIcon(ICONS.Menu, "i-menu");
export const MessageCircleQuestion = spriteIcon(ICONS.MessageCircleQuestion);
export const MessageSquare = spriteIcon(ICONS.MessageSquare);
export const MessageSquareReply = spriteIcon(ICONS.MessageSquareReply);
export const Percent = spriteIcon(ICONS.Percent);
export const Pencil = spriteIcon(ICONS.Pencil);
export const Phone = maskIcon(ICONS.Phone, "i-phone");
export const Plus = spriteIcon(ICONS.Plus);
export const RefreshCw = spriteIcon(ICONS.RefreshCw);
export const Save = spriteIcon(ICONS.Save);
export const Search = maskIcon(ICONS.Search, "i-search");
export const SearchX = spriteIcon(ICONS.SearchX);
export const Settings = spriteIcon(ICONS.Settings);
export const Shapes = spriteIcon(ICONS.Shapes);
export const Share2 = maskIcon(ICONS.Share2, "i-share-2");
export const Shield = spriteIcon(ICONS.Shield);
export const ShieldCheck = spriteIcon(ICONS.ShieldCheck);
export const SlidersHorizontal = maskIcon(ICONS.SlidersHorizontal, "i-sliders-horizontal");
export const Sparkles = spriteIcon(ICONS.Sparkles);
export const Star = spriteIcon(ICONS.Star);
export const Tag = spriteIcon(ICONS.Tag);
export const Trash2 = spriteIcon(ICONS.Trash2);
export const TriangleAlert = spriteIcon(ICONS.TriangleAlert);
export const Upload = spriteIcon(ICONS.Upload);
export const UserMinus = spriteIcon(ICONS.UserMinus);
export const UserRound = spriteIcon(ICONS.UserRound);
export const Users = maskIcon(ICONS.Users, "i-users");
export const X = maskIcon(ICONS.X, "i-x");
