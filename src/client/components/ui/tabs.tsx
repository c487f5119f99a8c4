import { Tabs as TabsPrimitive } from "radix-ui";
import { styled } from "./styled";

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List, "inline-flex flex-wrap items-center gap-1 border-b border-stone");

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  "-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-3 text-sm font-medium text-ink-muted transition-colors hover:text-noir data-[state=active]:border-gold data-[state=active]:text-noir cursor-pointer",
);

export const TabsContent = styled(TabsPrimitive.Content, "pt-8 outline-none");
