import { fieldClasses } from "./input";
import { styled } from "./styled";

export const Textarea = styled("textarea", `${fieldClasses} min-h-28 py-3`, "textarea");
