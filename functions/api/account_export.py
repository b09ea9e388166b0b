"""GET /account/export: everything stored about the caller's account, as a JSON download."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import privacy
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import AccountExportOut

router = Router()


@router.get("/account/export", tags=["accounts"], summary="Download your data",
            responses=api_responses(200, AccountExportOut, "your data", *SIGNED_IN_ERRORS))
def export_account():
    document = privacy.export_account(caller(router))
    name = f"mtaa-{document['account']['handle']}.json"
    return json_response(document, headers={"Content-Disposition": f'attachment; filename="{name}"',
                                            "Cache-Control": "no-store"})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
