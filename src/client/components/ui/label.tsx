import { Label as LabelPrimitive } from "radix-ui";
import { styled } from "./styled";

export const Label = styled(
  LabelPrimitive.Root,
  "text-[0.8rem] font-medium tracking-wide text-noir select-none",
  "label",
);
