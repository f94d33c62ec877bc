// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/bundle_blend.h"

#include "core/jobs/human_model.h"

namespace kibitz::jobs {

namespace {

/// The model card without its "## Blend" section (up to the next "## " heading or the end).
QString withoutBlendSection(QString card) {
    const QString marker = QStringLiteral("\n## Blend\n");
    if (const qsizetype at = card.indexOf(marker); at >= 0) {
        const qsizetype next = card.indexOf(QStringLiteral("\n## "), at + marker.size());
        card.remove(at, next < 0 ? card.size() - at : next - at);
    }
    return card;
}

}  // namespace

Status setBundleBlend(storage::Bundle& bundle, const QString& path, const QString& spec) {
    storage::Bundle b = bundle;
    b.modelCard = withoutBlendSection(b.modelCard);
    if (spec == QLatin1String("none")) {
        b.config.remove(QStringLiteral("blend"));
        bundle = std::move(b);
        return {};
    }
    const qsizetype at = spec.indexOf(QLatin1Char('@'));
    if (at <= 0)
        return makeError(
            ErrorCode::InvalidInput,
            "expected NETS@WEIGHT[,FADE[,KERNEL]] (e.g. maia-1@0.5) or none, got '" + spec.toStdString() + "'");
    auto suffix = parseBlendSuffix(spec.mid(at + 1));
    if (!suffix) return makeError(ErrorCode::InvalidInput, "'" + spec.toStdString() + "': " + suffix.error().message);
    BundleBlend asked;
    // A model of a player stays blended relative to the base it was fine-tuned from.
    if (auto old = bundleBlendOf(b, path); old && old->has_value()) {
        asked.reference = (*old)->reference;
        asked.referenceSha256 = (*old)->referenceSha256;
    }
    asked.nets = spec.left(at);
    asked.netsKernel = suffix->netsKernel;
    asked.schedule.weight = suffix->schedule.weight;
    asked.schedule.fade = suffix->schedule.fade;
    b.config.insert(QStringLiteral("blend"), bundleBlendToJson(asked));
    // The entry as loading reads it: a folder name that is a path, for one, is refused here by its field.
    if (auto blend = bundleBlendOf(b, path); !blend) return blend.error();
    b.modelCard += QStringLiteral(
                       "\n## Blend\n\nThe moves are this model's blended with the rating-band nets in the folder "
                       "`%1` beside this bundle or the default models (a weighted geometric mean: weight %2 for the "
                       "nets over their bands' centres, fading to 0 over %3 points beyond; the nets mixed by a band "
                       "kernel of %4 points; the value and think-time heads are this model's alone). Without that "
                       "folder the model answers alone.\n")
                       .arg(asked.nets)
                       .arg(asked.schedule.weight)
                       .arg(asked.schedule.fade)
                       .arg(asked.netsKernel);
    bundle = std::move(b);
    return {};
}

}  // namespace kibitz::jobs
