import type { SVGProps } from "react";
import { cn } from "~/lib/cn";
import { ICONS, type IconName } from "./icon-sprite";
import sprite from "./icons.svg?url";

// Icons are drawn once, in one cached SVG sprite, and each use is a `<use href>` of ~100 bytes
// instead of lucide's inline drawing of ~500: a venue page shows some 50 icons (issue 9). The
// `.icon` class in app/styles/widgets.css gives lucide's size and stroke; classes on the icon override them.

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

export const ArrowDown = spriteIcon(ICONS.ArrowDown);
export const ArrowLeft = spriteIcon(ICONS.ArrowLeft);
export const ArrowRight = spriteIcon(ICONS.ArrowRight);
export const ArrowUp = spriteIcon(ICONS.ArrowUp);
export const ArrowUpDown = spriteIcon(ICONS.ArrowUpDown);
export const Building2 = spriteIcon(ICONS.Building2);
export const CalendarHeart = spriteIcon(ICONS.CalendarHeart);
export const Check = spriteIcon(ICONS.Check);
export const ChevronDown = spriteIcon(ICONS.ChevronDown);
export const ChevronLeft = spriteIcon(ICONS.ChevronLeft);
export const ChevronRight = spriteIcon(ICONS.ChevronRight);
export const CircleCheck = spriteIcon(ICONS.CircleCheck);
export const CircleDollarSign = spriteIcon(ICONS.CircleDollarSign);
export const CircleHelp = spriteIcon(ICONS.CircleHelp);
export const Clock = spriteIcon(ICONS.Clock);
export const Download = spriteIcon(ICONS.Download);
export const ExternalLink = spriteIcon(ICONS.ExternalLink);
export const Eye = spriteIcon(ICONS.Eye);
export const FileSpreadsheet = spriteIcon(ICONS.FileSpreadsheet);
export const Globe = spriteIcon(ICONS.Globe);
export const Heart = spriteIcon(ICONS.Heart);
export const History = spriteIcon(ICONS.History);
export const ImageIcon = spriteIcon(ICONS.ImageIcon);
export const ImageOff = spriteIcon(ICONS.ImageOff);
export const ImagePlus = spriteIcon(ICONS.ImagePlus);
export const Images = spriteIcon(ICONS.Images);
export const KeyRound = spriteIcon(ICONS.KeyRound);
export const LayoutDashboard = spriteIcon(ICONS.LayoutDashboard);
export const LayoutGrid = spriteIcon(ICONS.LayoutGrid);
export const List = spriteIcon(ICONS.List);
export const LoaderCircle = spriteIcon(ICONS.LoaderCircle);
export const LocateFixed = spriteIcon(ICONS.LocateFixed);
export const LogOut = spriteIcon(ICONS.LogOut);
export const Mail = spriteIcon(ICONS.Mail);
export const Map = spriteIcon(ICONS.Map);
export const MapPin = spriteIcon(ICONS.MapPin);
export const MapPinned = spriteIcon(ICONS.MapPinned);
export const Menu = spriteIcon(ICONS.Menu);
export const MessageCircleQuestion = spriteIcon(ICONS.MessageCircleQuestion);
export const MessageSquare = spriteIcon(ICONS.MessageSquare);
export const MessageSquareReply = spriteIcon(ICONS.MessageSquareReply);
export const Percent = spriteIcon(ICONS.Percent);
export const Pencil = spriteIcon(ICONS.Pencil);
export const Phone = spriteIcon(ICONS.Phone);
export const Plus = spriteIcon(ICONS.Plus);
export const RefreshCw = spriteIcon(ICONS.RefreshCw);
export const Save = spriteIcon(ICONS.Save);
export const Search = spriteIcon(ICONS.Search);
export const SearchX = spriteIcon(ICONS.SearchX);
export const Settings = spriteIcon(ICONS.Settings);
export const Shapes = spriteIcon(ICONS.Shapes);
export const Share2 = spriteIcon(ICONS.Share2);
export const Shield = spriteIcon(ICONS.Shield);
export const ShieldCheck = spriteIcon(ICONS.ShieldCheck);
export const SlidersHorizontal = spriteIcon(ICONS.SlidersHorizontal);
export const Sparkles = spriteIcon(ICONS.Sparkles);
export const Star = spriteIcon(ICONS.Star);
export const Tag = spriteIcon(ICONS.Tag);
export const Trash2 = spriteIcon(ICONS.Trash2);
export const TriangleAlert = spriteIcon(ICONS.TriangleAlert);
export const Upload = spriteIcon(ICONS.Upload);
export const UserMinus = spriteIcon(ICONS.UserMinus);
export const UserRound = spriteIcon(ICONS.UserRound);
export const Users = spriteIcon(ICONS.Users);
export const X = spriteIcon(ICONS.X);
