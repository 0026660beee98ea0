import type { ReactNode } from 'react';
import { parseInlineText, phoneLinkClass, type InlineNode } from './inlineMarkup';

function renderNodes(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'code':
        return (
          <code key={index} className="rounded bg-ink/5 px-1.5 py-0.5 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={index} className="font-semibold text-heading">
            {renderNodes(node.children)}
          </strong>
        );
      case 'em':
        return <em key={index}>{renderNodes(node.children)}</em>;
      case 'del':
        return <del key={index}>{renderNodes(node.children)}</del>;
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            className={`font-medium text-brand underline decoration-brand/30 underline-offset-4 transition-colors hover:decoration-brand ${phoneLinkClass(node.href)}`.trim()}
            {...(node.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {renderNodes(node.children)}
          </a>
        );
    }
  });
}

/** Formatted text as blocks: paragraphs (`paragraphClassName`) and block quotes. */
export function InlineText({
  text,
  paragraphClassName,
}: {
  text: string | undefined;
  paragraphClassName?: string;
}): ReactNode {
  return parseInlineText(text).map((block, index) =>
    block.type === 'quote' ? (
      <blockquote key={index} className="border-l-4 border-brand/40 pl-5 italic text-ink/90">
        {renderNodes(block.children)}
      </blockquote>
    ) : (
      <p key={index} className={paragraphClassName}>
        {renderNodes(block.children)}
      </p>
    ),
  );
}
